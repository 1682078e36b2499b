import { ArrowRight, PartyPopper } from 'lucide-react';
import { Link } from 'react-router';
import type { Category } from '@core/contracts/catalogue';
import { gameDefinitions } from '@core/game-definitions';
import type { GameType } from '@core/games';
import { routes } from '@core/routes';
import { Button } from '@/components/ui/button';

const allDone = (c: Category) => c.levels.length > 0 && c.levels.every((l) => l.completed);

/** The category after `current` (in the list's order, wrapping round) that still has a level to play, if any. */
export function nextUnfinished(categories: Category[], current: Category): Category | null {
  const at = categories.findIndex((c) => c.id === current.id);
  const rest = [...categories.slice(at + 1), ...categories.slice(0, Math.max(at, 0))];
  return rest.find((c) => !allDone(c)) ?? null;
}

/**
 * A couple who has completed every level of a category is told so and offered the next one
 * (docs/product/sessions-and-games.md#level-unlocking); levels stay open for replays, in a new order each time.
 */
export function CategoryDone({ game, categories, category }: { game: GameType; categories: Category[]; category: Category }) {
  if (!allDone(category)) return null;
  const next = nextUnfinished(categories, category);
  return (
    <section aria-labelledby="category-done" className="mb-6 flex flex-col items-start gap-3 rounded-card bg-gold-soft/70 p-5 sm:flex-row sm:items-center">
      <PartyPopper className="size-8 shrink-0 text-gold" aria-hidden />
      <div className="flex-1">
        <h2 id="category-done" className="font-bold text-ink">
          You’ve completed every level of {category.name}!
        </h2>
        <p className="mt-0.5 text-sm text-ink-muted">
          {next
            ? `Replay any level (the questions come in a new order), or try ${next.name} next.`
            : `That was the last of ${gameDefinitions[game].displayName}: you’ve finished every category. Replay any level, in a new order each time.`}
        </p>
      </div>
      {next && (
        <Button asChild size="sm">
          <Link to={routes.levels(game, next.id)}>
            Try {next.name} <ArrowRight className="size-4" aria-hidden />
          </Link>
        </Button>
      )}
    </section>
  );
}
