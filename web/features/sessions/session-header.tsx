import { memo, type ReactNode } from 'react';
import { gameDefinitions } from '@core/game-definitions';
import type { SessionSnapshot } from './api/get-session';
import { partnerName } from './board/scored-round';
import { PresenceDots } from './presence-dots';

/**
 * Level and category, "Question N of M" with a progress bar (at your own pace, where each is: "You: 6 of 10 · Sam: 3
 * of 10", and the bar yours), and both players' presence. Compact on a phone (about
 * an eighth of its height, not a third), so the board and its Submit stay well above the bottom edge; `menu` is the
 * host's session options.
 */
export const SessionHeader = memo(Header, (before, after) => {
  const [a, b] = [before.snapshot, after.snapshot];
  return (
    before.meId === after.meId &&
    before.present === after.present &&
    before.menu === after.menu &&
    a.game === b.game &&
    a.role === b.role &&
    a.session === b.session &&
    a.level === b.level &&
    a.itemCount === b.itemCount &&
    a.host === b.host &&
    a.partner === b.partner &&
    a.progress === b.progress
  );
});

interface HeaderProps {
  snapshot: SessionSnapshot;
  meId: string | undefined;
  present: string[];
  menu?: ReactNode;
}

/**
 * Rendered again only when what it shows changed: a partner's answer changes none of it, and the header stays as
 * painted while the reveal comes in (docs/performance.md, tap → partner's screen). The snapshot's parts keep their
 * identity from one event to the next (core/session-live.ts).
 */
function Header({ snapshot, meId, present, menu }: HeaderProps) {
  const { game, session, level, itemCount, host, partner } = snapshot;
  const completed = session.status === 'completed';
  const number = Math.min(session.currentIndex + 1, itemCount);
  const own = session.pace === 'own' && snapshot.progress;
  const done = completed ? itemCount : own ? own.mine : session.currentIndex;
  const where = own
    ? [`You: ${own.mine} of ${itemCount}`, partner && `${partnerName(snapshot)}: ${own.partner} of ${itemCount}`].filter(Boolean).join(' · ')
    : `Question ${number} of ${itemCount}`;
  // You first and in rose, as in the app's header; your partner in amber.
  const seats = [host, partner].map((p) => (p ? { id: p.id, name: p.username, isMe: p.id === meId, tone: p.id === meId ? ('rose' as const) : ('amber' as const) } : null));
  const players = seats[1]?.isMe ? [seats[1], seats[0]] : seats;
  return (
    <header className="mb-4 rounded-card bg-surface px-4 py-3 shadow-card ring-1 ring-line/70 sm:mb-5 sm:p-5">
      <div className="flex items-center gap-2 sm:items-start sm:gap-4">
        <div className="min-w-0 flex-1">
          <p className="truncate text-xs font-semibold text-brand-strong sm:text-sm">
            {gameDefinitions[game].displayName} · {level.category.name}
          </p>
          <h1 className="mt-0.5 text-lg leading-tight font-extrabold text-balance text-ink sm:text-2xl">
            Level {level.number}: {level.name}
          </h1>
        </div>
        <PresenceDots players={players} present={present} />
        {menu}
      </div>
      {itemCount > 0 && (
        <div className="mt-2.5 flex items-center gap-3 sm:mt-4 sm:block">
          <p className="shrink-0 text-xs font-semibold text-ink-muted sm:text-sm">{completed ? `All ${itemCount} questions done` : where}</p>
          <div className="h-2 flex-1 overflow-hidden rounded-full bg-brand-soft sm:mt-1.5" aria-hidden>
            <div className="h-full rounded-full bg-brand transition-[width] duration-500" style={{ width: `${(done / itemCount) * 100}%` }} />
          </div>
        </div>
      )}
    </header>
  );
}
