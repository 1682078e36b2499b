import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import type { YourTurn } from '@core/contracts/dashboard';
import { yourTurnText } from '@core/daily';
import { routes } from '@core/routes';

/** One "your turn" entry in the bell, in the dashboard's words; a tap goes to it (docs/product/daily-question.md). */
export function YourTurnRow({ entry, partnerName, onOpen }: { entry: YourTurn; partnerName: string; onOpen: () => void }) {
  return (
    <li>
      <Link
        to={entry.kind === 'session' ? routes.session(entry.game, entry.sessionId) : routes.daily}
        onClick={onOpen}
        className="flex min-h-11 items-center gap-3 rounded-control p-3 text-sm leading-snug text-ink hover:bg-surface-soft"
      >
        <span aria-hidden className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-soft text-brand-strong">
          <Sparkles className="size-4" />
        </span>
        {yourTurnText(entry, partnerName)}
      </Link>
    </li>
  );
}
