import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { unknownSessionTypeMessage, UnknownGameTypeError } from '@core/games';
import { sessionPath } from '@core/games';
import { messages } from '@core/messages';
import { errorMessage } from '@/lib/api';
import type { SessionInvite } from './api/get-invites';
import { useUpdateInvite } from './api/update-invite';

const t = messages.toastInvites;

/** Where an invite leads, or null when its type is one this client does not know. */
function pathFor(invite: SessionInvite): string | null {
  try {
    return sessionPath(invite.game, invite.sessionId);
  } catch (err) {
    if (err instanceof UnknownGameTypeError) return null;
    throw err;
  }
}

/**
 * Accept and reject with the product's toasts (docs/product/partners.md#the-bell); `onAccepted` runs before navigating
 * (to close the panel).
 */
export function useInviteActions({ onAccepted }: { onAccepted?: () => void } = {}) {
  const navigate = useNavigate();
  const update = useUpdateInvite();

  const accept = (invite: SessionInvite) => {
    // Check the type first: an invite we cannot open is not accepted.
    const path = pathFor(invite);
    if (!path) {
      toast.error(unknownSessionTypeMessage(invite.game));
      return;
    }
    update.mutate(
      { inviteId: invite.id, status: 'accepted' },
      {
        onSuccess: () => {
          toast.success(t.accepted[0], { description: t.accepted[1] });
          onAccepted?.();
          void navigate(path);
        },
        onError: (err) => toast.error(t.acceptFailed, { description: errorMessage(err, t.unexpected) }),
      },
    );
  };

  const reject = (invite: SessionInvite) =>
    update.mutate(
      { inviteId: invite.id, status: 'rejected' },
      {
        onSuccess: () => toast.success(t.rejected[0], { description: t.rejected[1] }),
        onError: (err) => toast.error(t.rejectFailed, { description: errorMessage(err, t.unexpected) }),
      },
    );

  /** Which invite is being answered, and how, for the row's spinner. */
  const busy = update.isPending ? update.variables : undefined;

  return { accept, reject, busy };
}
