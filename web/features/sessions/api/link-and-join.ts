import { useMutation, useQueryClient } from '@tanstack/react-query';
import { linkAndJoin as linkAndJoinEndpoint } from '@core/contracts/sessions';
import { request } from '@/lib/api';
import { meQueryOptions } from '@/lib/me';
import { sessionQueryOptions } from './get-session';

export const linkAndJoin = (sessionId: string) => request(linkAndJoinEndpoint, { params: { id: sessionId } });

/**
 * Yes to "Link with {username} and join?" (docs/decisions/019): links the two accounts and takes the guest seat. The
 * signed-in user and the session are read again before it settles, so the screen goes straight into the session.
 */
export function useLinkAndJoin(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => linkAndJoin(sessionId),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }), queryClient.invalidateQueries({ queryKey: sessionQueryOptions(sessionId).queryKey })]),
  });
}
