import { ChevronRight, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { yourTurnText } from '@core/daily';
import { routes } from '@core/routes';
import { Card, CardTitle } from '@/components/ui/card';
import type { Dashboard } from '../api/get-dashboard';

/**
 * "What waits for you" (docs/product/daily-question.md#on-the-dashboard-and-in-the-bell): own-pace sessions where the
 * partner answered ahead, and earlier days' questions they answered. Today's question has its own card above.
 */
export function YourTurnList({ entries, partnerName }: { entries: Dashboard['yourTurn']; partnerName: string }) {
  const waiting = entries.filter((e) => !(e.kind === 'daily' && e.today));
  if (waiting.length === 0) return null;
  return (
    <Card className="p-5 animate-fade-up sm:p-6">
      <CardTitle className="flex items-center gap-2 text-lg">
        <Sparkles className="size-5 text-brand" aria-hidden />
        Waiting for you
      </CardTitle>
      <ul className="mt-3 flex flex-col gap-1">
        {waiting.map((entry) => (
          <li key={entry.kind === 'session' ? entry.sessionId : entry.day}>
            <Link
              to={entry.kind === 'session' ? routes.session(entry.game, entry.sessionId) : routes.daily}
              className="flex min-h-11 items-center justify-between gap-3 rounded-control px-3 py-2 text-ink hover:bg-brand-soft"
            >
              <span className="leading-snug">{yourTurnText(entry, partnerName)}</span>
              <ChevronRight className="size-4 shrink-0 text-brand-strong" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
