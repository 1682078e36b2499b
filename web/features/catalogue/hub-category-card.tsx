import { ChevronRight, Lock, Star } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { Pace } from '@core/contracts/common';
import type { GameType } from '@core/games';
import { routes } from '@core/routes';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { withPace } from '@/lib/game-route';
import type { Category } from './api/get-categories';
import { CategoryIcon, categoryTile } from './category-icon';

/**
 * One category on a standalone game's hub (/questions): its icon, name and line of description, how many of its levels the couple has
 * completed, and its lock when none of its levels is open (docs/product/plans.md#how-locks-show). The whole card opens
 * the category's levels, locked or not: that is where a level says what it needs.
 */
export function HubCategoryCard({
  game,
  category,
  index,
  gold,
  pace,
  guessing = false,
}: {
  game: GameType;
  category: Category;
  index: number;
  gold: boolean;
  pace: Pace;
  guessing?: boolean;
}) {
  const id = useId();
  const state = categoryState(category);
  const { done, total } = state;
  return (
    <article
      className={cn(
        'relative flex h-full flex-col gap-3 rounded-card bg-surface p-5 shadow-card sm:gap-4 sm:p-6 ring-1 ring-line/70 transition duration-200',
        'hover:-translate-y-0.5 hover:shadow-lift has-[a:focus-visible]:ring-4 has-[a:focus-visible]:ring-brand/40',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <span className={cn('grid size-11 place-items-center rounded-2xl sm:size-14 bg-gradient-to-br text-white shadow-card', categoryTile(index))}>
          <CategoryIcon name={category.icon} className="size-6 sm:size-7" />
        </span>
        <span id={`${id}-state`}>
          <CategoryBadge state={state} gold={gold} />
        </span>
      </div>
      <div className="flex-1">
        <h2 className="text-xl font-bold text-ink">
          {/* The link's ::after covers the card: one tab stop, the whole card clickable. */}
          <Link
            to={withPace(routes.levels(game, category.id), pace, guessing)}
            aria-describedby={`${id}-state ${id}-progress`}
            className="after:absolute after:inset-0 after:rounded-card hover:text-brand-strong focus-visible:outline-none"
          >
            {category.name}
          </Link>
        </h2>
        <p className="mt-1 line-clamp-2 text-sm leading-relaxed text-ink-muted sm:mt-1.5 sm:line-clamp-none">{category.description}</p>
      </div>
      <div>
        <div className="flex items-center justify-between gap-2 text-sm">
          <p id={`${id}-progress`} className="font-semibold text-ink">
            {done} of {total} levels completed
          </p>
          <ChevronRight className="size-5 text-brand-strong" aria-hidden />
        </div>
        <div className="mt-2 h-2 overflow-hidden rounded-full bg-brand-soft" aria-hidden>
          <div className="h-full rounded-full bg-brand transition-[width] duration-500" style={{ width: `${total ? (done / total) * 100 : 0}%` }} />
        </div>
      </div>
    </article>
  );
}

/** Where the couple stands in a category: levels completed of all, whether any is open to start, what locks the rest. */
function categoryState({ levels }: Category) {
  return {
    done: levels.filter((l) => l.completed).length,
    total: levels.length,
    open: levels.some((l) => l.lock === 'open'),
    needsGold: levels.some((l) => l.lock === 'gold'),
    free: levels.some((l) => l.free && l.lock === 'open'),
  };
}

/** The category's state at a glance: all done, needs Gold, locked behind progress, or the free plan's open level. */
function CategoryBadge({ state: { done, total, open, needsGold, free }, gold }: { state: ReturnType<typeof categoryState>; gold: boolean }) {
  if (total > 0 && done === total) {
    return (
      <Badge tone="success">
        <Star className="size-3 fill-current" aria-hidden /> Completed
      </Badge>
    );
  }
  if (!open) {
    return (
      <Badge tone={needsGold ? 'gold' : 'neutral'}>
        <Lock className="size-3" aria-hidden /> {needsGold ? 'Gold' : 'Locked'}
      </Badge>
    );
  }
  return free && !gold ? <Badge tone="brand">Free</Badge> : null;
}
