import { Check, Link2, Send } from 'lucide-react';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '@/lib/api';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useCopy } from '@/lib/use-copy';
import { useInvitePartner } from './api/invite-partner';
import type { GameType } from '@core/games';
import { routes } from '@core/routes';

/**
 * The host's Copy Link (the partner's route is the shareable link) and Invite Partner
 * (docs/product/sessions-and-games.md#the-session-screen).
 */
export function HostControls({ game, sessionId, className }: { game: GameType; sessionId: string; className?: string }) {
  const invite = useInvitePartner(sessionId);
  const { copied, copy } = useCopy();

  const onCopy = async () => {
    // The partner's route is the shareable link.
    if (await copy(`${window.location.origin}${routes.session(game, sessionId)}`)) toast.success('Link Copied', { description: 'Share this link with your partner.' });
    else toast.error('Copy Failed', { description: 'Could not copy link. Please try again.' });
  };

  const onInvite = () =>
    invite.mutate(undefined, {
      onSuccess: () => toast.success('Invitation Sent', { description: 'Invitation sent to your partner.' }),
      onError: (err) => {
        if (err instanceof ApiError && err.status === 400 && err.code === 'NO_PARTNER') toast.error('No Partner Found', { description: 'Connect with a partner before inviting.' });
        else toast.error('Invitation Failed', { description: errorMessage(err, 'Could not send invitation.') });
      },
    });

  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      <Button variant="secondary" size="sm" onClick={onCopy}>
        {copied ? <Check className="size-4" aria-hidden /> : <Link2 className="size-4" aria-hidden />}
        {copied ? 'Copied!' : 'Copy Link'}
      </Button>
      <Button size="sm" onClick={onInvite} loading={invite.isPending}>
        {!invite.isPending && <Send className="size-4" aria-hidden />}
        Invite Partner
      </Button>
    </div>
  );
}
