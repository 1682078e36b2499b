import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { markGuess as markGuessEndpoint } from '@core/contracts/sessions';
import type { GuessMark } from '@core/guessing';
import { errorMessage, request } from '@/lib/api';
import { applyOwnChange, settleSession } from '../session-sync';

/** The answering partner's mark on the other's guess (docs/product/guess-my-answer.md); the reply is the new state. */
export function useMarkGuess(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { itemId: string; mark: GuessMark }) => request(markGuessEndpoint, { params: { id: sessionId }, body: input }),
    onSuccess: (result) => applyOwnChange(queryClient, sessionId, result.live),
    onError: (err) => toast.error('Could not save your mark', { description: errorMessage(err, 'Please try again.') }),
    onSettled: (_result, error) => settleSession(queryClient, sessionId, { behind: !!error }),
  });
}
