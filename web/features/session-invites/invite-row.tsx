import { gameDefinitions } from '@core/game-definitions';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import type { SessionInvite } from './api/get-invites';
import type { InviteDecision } from './api/update-invite';
import { inviteAge } from './invite-texts';

interface InviteRowProps {
  invite: SessionInvite;
  /** The decision being sent for this invite, if any. */
  pending?: InviteDecision;
  /** True while any invite is being answered: one answer at a time. */
  disabled?: boolean;
  onAccept: () => void;
  onReject: () => void;
}

export function InviteRow({ invite, pending, disabled, onAccept, onReject }: InviteRowProps) {
  const sender = invite.sender.username || 'Your partner';
  const definition = gameDefinitions[invite.game];
  const game = definition?.displayName ?? invite.game;
  return (
    <li className="flex gap-3 rounded-control p-3 hover:bg-surface-soft">
      <Avatar name={sender} size="sm" />
      <div className="min-w-0 flex-1">
        <p className="text-sm leading-snug text-ink">
          <span className="font-semibold">{sender}</span> invited you to {definition?.invitation.verb ?? 'play'} <span className="font-semibold">{game}</span>
        </p>
        <p className="mt-0.5 text-xs text-ink-muted">
          <time dateTime={invite.createdAt}>{inviteAge(invite.createdAt)}</time>
        </p>
        <div className="mt-2.5 flex gap-2">
          <Button size="sm" className="flex-1" loading={pending === 'accepted'} disabled={disabled} onClick={onAccept}>
            Accept
          </Button>
          <Button size="sm" variant="secondary" className="flex-1" loading={pending === 'rejected'} disabled={disabled} onClick={onReject}>
            Reject
          </Button>
        </div>
      </div>
    </li>
  );
}
