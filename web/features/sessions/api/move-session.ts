import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Move, moveSession as moveEndpoints } from '@core/contracts/sessions';
import { ApiError, request } from '@/lib/api';
import { applyOwnChange, settleSession } from '../session-sync';

export type { Move } from '@core/contracts/sessions';

export const moveSession = (sessionId: string, move: Move) => request(moveEndpoints[move], { params: { id: sessionId } });

export const moveMutationKey = (sessionId: string) => ['sessions', sessionId, 'move'] as const;

/** The host's controls; past the last item, next completes the session. The reply is the new state for both. */
export function useMoveSession(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: moveMutationKey(sessionId),
    mutationFn: (move: Move) => moveSession(sessionId, move),
    onSuccess: (result) => applyOwnChange(queryClient, sessionId, result.live),
    onSettled: (_result, error) => settleSession(queryClient, sessionId, { behind: error instanceof ApiError && error.status === 409 }),
  });
}
