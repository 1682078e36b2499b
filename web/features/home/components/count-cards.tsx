import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { gameDefinitions } from '@core/game-definitions';
import { GAME_TYPES } from '@core/games';
import { routes } from '@core/routes';
import type { Dashboard } from '../api/get-dashboard';
import { cn } from '@/lib/cn';
import { gameStyle } from '@/lib/game-style';

/**
 * The four session counts; each card leads to where more of that activity starts
 * (docs/product/home-and-shell.md#the-couples-dashboard).
 */
export function CountCards({ counts }: { counts: Dashboard['counts'] }) {
  return (
    <section aria-labelledby="together-so-far">
      <h2 id="together-so-far" className="mb-3 text-lg font-bold text-ink">
        Together so far
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {GAME_TYPES.map((game) => {
          const { Icon, tile } = gameStyle(game);
          const count = counts[game];
          return (
            <li key={game}>
              <Link
                to={routes.categories(game)}
                className="group flex h-full flex-col gap-3 rounded-card bg-surface p-4 shadow-card ring-1 ring-line/70 transition hover:-translate-y-0.5 hover:shadow-lift focus-visible:outline-offset-4 sm:p-5"
              >
                <span className="flex items-start justify-between">
                  <span className={cn('grid size-11 place-items-center rounded-2xl bg-gradient-to-br text-white shadow-card', tile)}>
                    <Icon className="size-6" aria-hidden />
                  </span>
                  <ChevronRight className="size-5 text-ink-muted transition-transform group-hover:translate-x-0.5" aria-hidden />
                </span>
                <span className="text-sm font-semibold leading-snug text-ink-muted">{gameDefinitions[game].displayName}</span>
                <span className="mt-auto flex items-baseline gap-1.5">
                  <span className="text-3xl font-extrabold tabular-nums text-ink">{count}</span>
                  <span className="text-sm text-ink-muted">{count === 1 ? 'session' : 'sessions'}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
