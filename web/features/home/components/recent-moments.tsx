import { ChevronRight, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { relativeDateLabel } from '@core/dates';
import { gameDefinitions } from '@core/game-definitions';
import { routes } from '@core/routes';
import { Card, CardText, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import type { Dashboard } from '../api/get-dashboard';
import { gameStyle } from '@/lib/game-style';
import { useNow } from '@/lib/use-now';

/**
 * The 5 latest sessions of either partner, each opening its memory (docs/product/memories.md), which leads on to a
 * session still going
 * (docs/product/home-and-shell.md#the-couples-dashboard).
 */
export function RecentMoments({ recent }: { recent: Dashboard['recent'] }) {
  const now = useNow();
  return (
    <Card className="flex flex-col">
      <CardTitle>Recent Moments</CardTitle>
      {recent.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 py-8 text-center">
          <span className="grid size-14 place-items-center rounded-full bg-brand-soft text-brand">
            <Sparkles className="size-7" aria-hidden />
          </span>
          <CardText className="max-w-64">No moments yet. Start creating memories together!</CardText>
        </div>
      ) : (
        <ul className="-mx-2 mt-3 flex flex-col">
          {recent.map((item) => {
            const { Icon, tile } = gameStyle(item.game);
            return (
              <li key={item.id}>
                <Link to={routes.memorySession(item.id)} className="group flex items-center gap-3 rounded-control px-2 py-2.5 transition-colors hover:bg-surface-soft">
                  <span className={cn('grid size-10 shrink-0 place-items-center rounded-xl bg-gradient-to-br text-white', tile)}>
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold text-ink">{gameDefinitions[item.game].displayName}</span>
                    <span className="block text-sm text-ink-muted">
                      <span className="sr-only">session, </span>
                      {relativeDateLabel(item.createdAt, now)}
                    </span>
                  </span>
                  <ChevronRight className="size-5 shrink-0 text-ink-muted transition-transform group-hover:translate-x-0.5" aria-hidden />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
