import { useMutation, useQueryClient } from '@tanstack/react-query';
import { switchToOwnPace as switchEndpoint } from '@core/contracts/sessions';
import { ApiError, request } from '@/lib/api';
import { applyOwnChange, settleSession } from '../session-sync';

export const switchToOwnPace = (sessionId: string) => request(switchEndpoint, { params: { id: sessionId } });

/**
 * The host of a live session whose partner has not come plays it at their own pace instead
 * (docs/product/sessions-and-games.md#at-your-own-pace). The reply is the host's new state, applied like any other.
 */
export function useSwitchToOwnPace(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['sessions', sessionId, 'own-pace'],
    mutationFn: () => switchToOwnPace(sessionId),
    onSuccess: (result) => applyOwnChange(queryClient, sessionId, result.live),
    onSettled: (_result, error) => settleSession(queryClient, sessionId, { behind: error instanceof ApiError && error.status === 409 }),
  });
}
