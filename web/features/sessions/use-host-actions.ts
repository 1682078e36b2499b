import { toast } from 'sonner';
import { ApiError, errorMessage } from '@/lib/api';
import { useCopy } from '@/lib/use-copy';
import { useInvitePartner } from './api/invite-partner';
import type { GameType } from '@core/games';
import { routes } from '@core/routes';

/**
 * The host's Copy Link (the partner's route is the shareable link) and Invite Partner, with their toasts
 * (docs/product/sessions-and-games.md#the-session-screen), for the buttons in the waiting banner and the session
 * header's menu alike.
 */
export function useHostActions(game: GameType, sessionId: string) {
  const invite = useInvitePartner(sessionId);
  const { copied, copy } = useCopy();

  /** `inPlace`: the button itself shows "Copied!", so success needs no toast (docs/decisions/026). */
  const copyLink = async ({ inPlace }: { inPlace: boolean }) => {
    if (await copy(`${window.location.origin}${routes.session(game, sessionId)}`)) {
      if (!inPlace) toast.success('Link Copied', { id: 'link-copied', description: 'Share this link with your partner.' });
    } else toast.error('Copy Failed', { id: 'copy-failed', description: 'Could not copy link. Please try again.' });
  };

  const sendInvite = () => {
    if (invite.isPending) return;
    invite.mutate(undefined, {
      // A session has one pending invitation: sending again refreshes it, and says so.
      onSuccess: ({ resent }) =>
        resent
          ? toast.success('Invitation sent again', { id: 'invite-sent', description: 'Invitation sent to your partner.' })
          : toast.success('Invitation Sent', { id: 'invite-sent', description: 'Invitation sent to your partner.' }),
      onError: (err) => {
        if (err instanceof ApiError && err.status === 400 && err.code === 'NO_PARTNER') toast.error('No Partner Found', { description: 'Connect with a partner before inviting.' });
        else toast.error('Invitation Failed', { description: errorMessage(err, 'Could not send invitation.') });
      },
    });
  };

  return { copied, copyLink, sendInvite, inviting: invite.isPending };
}
