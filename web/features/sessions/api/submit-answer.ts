import { useMutation, useQueryClient } from '@tanstack/react-query';
import { submitAnswer as submitAnswerEndpoint } from '@core/contracts/sessions';
import { ApiError, request } from '@/lib/api';
import { applyOwnChange, settleSession } from '../session-sync';

export const submitAnswer = (sessionId: string, input: { itemId: string; answer: unknown; guess?: unknown }) =>
  request(submitAnswerEndpoint, { params: { id: sessionId }, body: input });

export const answerMutationKey = (sessionId: string) => ['sessions', sessionId, 'answer'] as const;

/**
 * Answers the current item (a second answer replaces the first). The reply carries this player's new state, so
 * the screen takes it from there and reads nothing again; a refusal (the host moved on) reads the session.
 */
export function useSubmitAnswer(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: answerMutationKey(sessionId),
    // `sent`: the request already on its way, started in the tap's own handler (use-answer-outbox.ts).
    mutationFn: ({ sent, ...input }: { itemId: string; answer: unknown; guess?: unknown; sent?: ReturnType<typeof submitAnswer> }) => sent ?? submitAnswer(sessionId, input),
    onSuccess: (result) => applyOwnChange(queryClient, sessionId, result.live),
    onSettled: (_result, error) => settleSession(queryClient, sessionId, { behind: error instanceof ApiError && error.status === 409 }),
  });
}
