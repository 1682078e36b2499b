import type { ReactNode } from 'react';
import { gameInfo } from '@core/games';
import type { SessionSnapshot } from './api/get-session';
import { PresenceDots } from './presence-dots';

/** Level and category, "Question N of M" with a progress bar, and both players' presence. */
export function SessionHeader({ snapshot, meId, present, children }: { snapshot: SessionSnapshot; meId: string | undefined; present: string[]; children?: ReactNode }) {
  const { game, session, level, itemCount, host, partner } = snapshot;
  const completed = session.status === 'completed';
  const number = Math.min(session.currentIndex + 1, itemCount);
  const done = completed ? itemCount : session.currentIndex;
  // You first and in rose, as in the app's header; your partner in amber.
  const seats = [host, partner].map((p) => (p ? { id: p.id, name: p.username, isMe: p.id === meId, tone: p.id === meId ? ('rose' as const) : ('amber' as const) } : null));
  const players = seats[1]?.isMe ? [seats[1], seats[0]] : seats;
  return (
    <header className="mb-5 rounded-card bg-surface p-4 shadow-card ring-1 ring-line/70 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-brand-strong">
            {gameInfo[game].displayName} · {level.category.name}
          </p>
          <h1 className="mt-0.5 text-2xl font-extrabold text-ink">
            Level {level.number}: {level.name}
          </h1>
        </div>
        <PresenceDots players={players} present={present} />
      </div>
      {itemCount > 0 && (
        <div className="mt-4">
          <p className="text-sm font-semibold text-ink-muted">{completed ? `All ${itemCount} questions done` : `Question ${number} of ${itemCount}`}</p>
          <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-brand-soft" aria-hidden>
            <div className="h-full rounded-full bg-brand transition-[width] duration-500" style={{ width: `${(done / itemCount) * 100}%` }} />
          </div>
        </div>
      )}
      {children}
    </header>
  );
}
