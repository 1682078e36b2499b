import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import type { Pace } from '@core/contracts/common';
import type { GameType } from '@core/games';
import { routes } from '@core/routes';
import { cn } from '@/lib/cn';
import { withPace } from '@/lib/game-route';
import { LevelBadge } from './level-badge';
import { LevelStars } from './level-card';
import { levelWords } from './level-words';
import type { Category, Level } from './api/get-categories';

/**
 * A category's levels on its game's categories page (docs/product/plans.md#how-locks-show): the spec's three columns
 * from `sm` up; on a phone one row that scrolls sideways and snaps, so each category costs one tile's height.
 */
export function LevelList({
  game,
  category,
  levels = category.levels,
  pace,
  guessing = false,
}: {
  game: GameType;
  category: Category;
  levels?: Level[];
  pace: Pace;
  guessing?: boolean;
}) {
  return (
    <ul
      aria-label={`${category.name} levels`}
      className="-mx-5 mt-3 flex snap-x snap-mandatory scroll-px-5 gap-3 overflow-x-auto px-5 pb-2 sm:mt-4 sm:mx-0 sm:grid sm:grid-cols-3 sm:overflow-visible sm:px-0 sm:pb-0"
    >
      {levels.map((level) => (
        <li key={level.id} className="w-[78%] max-w-72 shrink-0 snap-start sm:w-auto sm:max-w-none">
          <LevelTile game={game} categoryId={category.id} level={level} pace={pace} guessing={guessing} />
        </li>
      ))}
    </ul>
  );
}

/**
 * One level as a tile. The whole tile is its one link (the link's ::after covers it: one tab stop, one name): to the
 * session for an open level (with the pace chosen above), to /pricing behind the Gold lock. Behind the unlock chain it is plainly not a link.
 */
export function LevelTile({ game, categoryId, level, pace, guessing = false }: { game: GameType; categoryId: string; level: Level; pace: Pace; guessing?: boolean }) {
  const words = levelWords(game);
  const link =
    level.lock === 'open'
      ? { to: withPace(routes.createSession(game, level.id), pace, level.play === 'guessing' || (guessing && level.play === 'either')), label: `${words.start}: ${level.name}` }
      : level.lock === 'gold'
        ? { to: routes.pricing, label: `Get Lifetime Gold to play ${level.name}` }
        : null;
  return (
    <div
      className={cn(
        'relative flex h-full flex-col rounded-control border border-line bg-canvas/60 p-3.5',
        link
          ? 'transition-shadow hover:shadow-lift has-[a:focus-visible]:ring-4 has-[a:focus-visible]:ring-inset has-[a:focus-visible]:ring-brand/40'
          : 'border-dashed bg-transparent',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <LevelStars number={level.number} className="[&_svg]:size-4" />
        <LevelBadge level={level} />
      </div>
      <p className="mt-2 font-semibold text-ink">
        {link ? (
          <Link
            to={link.to}
            state={{ categoryId }}
            aria-label={link.label}
            className="after:absolute after:inset-0 after:rounded-control hover:text-brand-strong focus-visible:outline-none"
          >
            {level.name}
          </Link>
        ) : (
          level.name
        )}
      </p>
      <p className="line-clamp-1 text-sm text-ink-muted sm:line-clamp-2">{level.description}</p>
      <p className="mt-auto pt-1 text-xs text-ink-muted">
        {level.lock === 'progress' ? (
          <span className="inline-flex items-center gap-1">
            <Lock className="size-3" aria-hidden /> Complete level {level.number - 1} to unlock
          </span>
        ) : (
          `${level.itemCount} ${level.itemCount === 1 ? 'question' : 'questions'}`
        )}
      </p>
    </div>
  );
}
