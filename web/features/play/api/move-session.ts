import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshSession } from './get-session';

export type Move = 'next' | 'prev' | 'shuffle';

export const moveSession = (sessionId: string, move: Move) =>
  api<{ status: 'active' | 'completed'; currentIndex: number }>(`/api/sessions/${encodeURIComponent(sessionId)}/${move}`, { body: {} });

/** The host's controls; past the last item, next completes the session. */
export function useMoveSession(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (move: Move) => moveSession(sessionId, move),
    onSettled: () => refreshSession(queryClient, sessionId),
  });
}
