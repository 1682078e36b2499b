import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshSession } from './get-session';

export const submitAnswer = (sessionId: string, input: { itemId: string; answer: unknown }) =>
  api<{ itemId: string; bothAnswered: boolean }>(`/api/sessions/${encodeURIComponent(sessionId)}/answers`, { body: input });

/** Answers the current item (a second answer replaces the first), then reloads the snapshot, success or not. */
export function useSubmitAnswer(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { itemId: string; answer: unknown }) => submitAnswer(sessionId, input),
    onSettled: () => refreshSession(queryClient, sessionId),
  });
}
