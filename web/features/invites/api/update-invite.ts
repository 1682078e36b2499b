import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionInviteDto } from '@core/realtime';
import { api } from '@/lib/api';
import { invitesQueryOptions, removeCachedInvite } from './get-invites';

export type InviteDecision = 'accepted' | 'rejected';

export interface UpdateInviteInput {
  inviteId: string;
  status: InviteDecision;
}

export interface UpdatedInvite {
  invite: Pick<SessionInviteDto, 'id' | 'sessionId' | 'game' | 'status'>;
}

export const updateInvite = ({ inviteId, status }: UpdateInviteInput) =>
  api<UpdatedInvite>(`/api/session-invites/${encodeURIComponent(inviteId)}`, { method: 'PATCH', body: { status } });

/** Accepts or rejects; either way the invite leaves the list at once, then the list reloads from the server. */
export function useUpdateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInvite,
    onSuccess: (_data, { inviteId }) => {
      removeCachedInvite(queryClient, inviteId);
      void queryClient.invalidateQueries({ queryKey: invitesQueryOptions.queryKey });
    },
  });
}
