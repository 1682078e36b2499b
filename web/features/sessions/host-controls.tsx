import { Check, Link2, Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { GameType } from '@core/games';
import { useHostActions } from './use-host-actions';

/**
 * The host's Copy Link and Invite Partner as buttons, where they are the next thing to do: in the waiting banner
 * (docs/product/sessions-and-games.md#the-session-screen). Once the game is under way they are in the header's
 * menu (session-options-menu.tsx).
 */
export function HostControls({ game, sessionId, className }: { game: GameType; sessionId: string; className?: string }) {
  const { copied, copyLink, sendInvite, inviting } = useHostActions(game, sessionId);
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      <Button variant="secondary" size="sm" onClick={() => void copyLink({ inPlace: true })}>
        {copied ? <Check className="size-4" aria-hidden /> : <Link2 className="size-4" aria-hidden />}
        {copied ? 'Copied!' : 'Copy Link'}
      </Button>
      <Button size="sm" onClick={sendInvite} loading={inviting}>
        {!inviting && <Send className="size-4" aria-hidden />}
        Invite Partner
      </Button>
    </div>
  );
}
