import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { listSessionInvites, type SessionInvite } from '@core/contracts/session-invites';
import { request } from '@/lib/api';

export type { SessionInvite } from '@core/contracts/session-invites';

export const getInvites = (signal?: AbortSignal) => request(listSessionInvites, { signal });

export const invitesQueryOptions = queryOptions({
  queryKey: ['session-invites'],
  queryFn: ({ signal }) => getInvites(signal),
});

export const useInvites = () => useQuery(invitesQueryOptions);

/** Drops an invite from the cached list (accepted, rejected, or changed elsewhere). */
export function removeCachedInvite(queryClient: QueryClient, inviteId: string) {
  queryClient.setQueryData(invitesQueryOptions.queryKey, (old) => old && { invites: old.invites.filter((i) => i.id !== inviteId) });
}

/** Puts a received invite at the top, once: one sent again (same id, new expiry) replaces its entry. */
export function prependCachedInvite(queryClient: QueryClient, invite: SessionInvite) {
  queryClient.setQueryData(invitesQueryOptions.queryKey, (old) => old && { invites: [invite, ...old.invites.filter((i) => i.id !== invite.id)] });
}
