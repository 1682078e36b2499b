import * as Menu from '@radix-ui/react-dropdown-menu';
import { Ellipsis, Link2, Send } from 'lucide-react';
import { closeToasts } from '@/components/ui/toaster';
import type { GameType } from '@core/games';
import { useHostActions } from './use-host-actions';

const item = 'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-control px-3 py-2.5 text-ink outline-none data-[highlighted]:bg-brand-soft data-[disabled]:opacity-55';

/**
 * The host's Copy Link and Invite Partner in the session header, on every width and at every stage of the game
 * (docs/product/sessions-and-games.md#the-session-screen): the host may copy the link and invite the partner at any
 * time, and a phone has no room to keep them as buttons beside the board.
 */
export function SessionOptionsMenu({ game, sessionId }: { game: GameType; sessionId: string }) {
  const { copyLink, sendInvite, inviting } = useHostActions(game, sessionId);
  return (
    <Menu.Root modal={false} onOpenChange={(open) => open && closeToasts()}>
      <Menu.Trigger
        aria-label="Session options"
        className="grid size-11 shrink-0 place-items-center rounded-full text-ink-muted transition-colors hover:bg-brand-soft hover:text-ink data-[state=open]:bg-brand-soft sm:size-10"
      >
        <Ellipsis className="size-5" aria-hidden />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={6} collisionPadding={12} className="z-50 w-56 rounded-card bg-surface p-2 shadow-lift ring-1 ring-line animate-pop">
          {/* The menu closes on a choice, so the copy and the invitation answer with a toast. */}
          <Menu.Item className={item} onSelect={() => void copyLink({ inPlace: false })}>
            <Link2 className="size-4" aria-hidden /> Copy Link
          </Menu.Item>
          <Menu.Item className={item} disabled={inviting} onSelect={sendInvite}>
            <Send className="size-4" aria-hidden /> Invite Partner
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
