import { PartyPopper, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { SessionSnapshot } from './api/get-session';
import type { GameType } from '@core/games';
import { routes } from '@core/routes';

/** A level without questions (docs/product/sessions-and-games.md#the-session-screen). */
export function NoQuestions({ game, categoryId }: { game: GameType; categoryId: string }) {
  return (
    <Card className="text-center">
      <SearchX className="mx-auto size-10 text-brand" aria-hidden />
      <h2 className="mt-3 text-xl font-bold text-ink">No Questions Available</h2>
      <p className="mt-2 text-ink-muted">This level has no questions yet. Pick another level to play.</p>
      <Button asChild className="mt-5">
        <Link to={routes.levels(game, categoryId)}>Back to Level Selection</Link>
      </Button>
    </Card>
  );
}

/** What stays on screen under a closed completion dialog. */
export function CompletedCard({ snapshot, onShowSummary }: { snapshot: SessionSnapshot; onShowSummary(): void }) {
  return (
    <Card className="text-center">
      <PartyPopper className="mx-auto size-10 text-brand" aria-hidden />
      <h2 className="mt-3 text-xl font-bold text-ink">Level Complete!</h2>
      <p className="mt-2 text-ink-muted">You answered all {snapshot.itemCount} questions together.</p>
      <div className="mt-5 flex flex-col justify-center gap-2.5 sm:flex-row">
        <Button asChild>
          <Link to={routes.levels(snapshot.game, snapshot.level.category.id)}>Return to Level Selection</Link>
        </Button>
        <Button variant="secondary" onClick={onShowSummary}>
          Show summary
        </Button>
      </div>
    </Card>
  );
}
