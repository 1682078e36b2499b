import { Avatar } from '@/components/ui/avatar';
import { cn } from '@/lib/cn';

interface Player {
  id: string;
  name: string;
  isMe: boolean;
  tone: 'rose' | 'amber';
}

/**
 * Both seats with a live dot: who is in the session room right now (from the server's presence). On a phone only the
 * avatars show, side by side; the dot then tells here from away by its shape as well as its colour (filled, or a
 * hollow ring), and the words stay for screen readers.
 */
export function PresenceDots({ players, present }: { players: (Player | null)[]; present: string[] }) {
  return (
    <ul className="flex shrink-0 items-center gap-1.5 sm:gap-3" aria-label="Players">
      {players.map((player, i) => {
        const here = !!player && present.includes(player.id);
        return (
          <li key={player?.id ?? i} className="flex items-center gap-2">
            <span className="relative">
              <Avatar name={player?.name ?? '?'} size="sm" tone={player?.tone ?? 'amber'} />
              <span
                aria-hidden
                className={cn('absolute -bottom-0.5 -right-0.5 size-3.5 rounded-full ring-2 ring-surface', here ? 'bg-success' : 'border-[3px] border-ink-muted bg-surface')}
              />
            </span>
            <span className="sr-only flex-col leading-tight sm:not-sr-only sm:flex sm:min-w-0">
              <span className="max-w-24 truncate text-sm font-semibold text-ink">
                {player ? (player.isMe ? 'You' : player.name) : 'Partner'}
                {player?.isMe && <span className="sr-only"> ({player.name})</span>}
              </span>
              <span className={cn('text-xs font-medium', here ? 'text-success' : 'text-ink-muted')}>
                {here ? 'Online' : player ? (player.isMe ? 'Offline' : 'Away') : 'Not linked'}
              </span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
