import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateSessionInvite } from '@core/contracts/session-invites';
import type { BodyInput } from '@core/contracts/endpoint';
import { request } from '@/lib/api';
import { invitesQueryOptions, removeCachedInvite } from './get-invites';

export type InviteDecision = BodyInput<typeof updateSessionInvite>['status'];

export interface UpdateInviteInput {
  inviteId: string;
  status: InviteDecision;
}

export const updateInvite = ({ inviteId, status }: UpdateInviteInput) => request(updateSessionInvite, { params: { id: inviteId }, body: { status } });

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
