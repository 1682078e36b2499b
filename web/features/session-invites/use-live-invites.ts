import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { messages } from '@core/messages';
import { useRealtimeEvent } from '@/lib/realtime';
import { invitesQueryOptions, prependCachedInvite, removeCachedInvite } from './api/get-invites';
import { invitedYouText } from './invite-texts';

/** Keeps the bell's list live: new invites are prepended with a toast (one per invitation), settled ones drop out. */
export function useLiveInvites() {
  const queryClient = useQueryClient();

  useRealtimeEvent('invite:received', ({ invite }) => {
    if (queryClient.getQueryData(invitesQueryOptions.queryKey)) prependCachedInvite(queryClient, invite);
    // Not loaded yet: the first load will include it.
    else void queryClient.invalidateQueries({ queryKey: invitesQueryOptions.queryKey });
    // Keyed by the invitation: one sent again replaces its toast instead of stacking a second (docs/decisions/026).
    toast(messages.toastInvites.newInvitation, { id: `invite-${invite.id}`, description: invitedYouText(invite.sender.username, invite.game) });
  });

  useRealtimeEvent('invite:updated', ({ inviteId, status }) => {
    if (status !== 'pending') removeCachedInvite(queryClient, inviteId);
  });
}
