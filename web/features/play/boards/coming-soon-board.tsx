import { Hourglass } from 'lucide-react';
import { gameInfo, type GameType } from '@core/games';
import { Card } from '@/components/ui/card';

/** The honest board of a game whose board is not built yet: the session is real, the play comes with its board. */
export function ComingSoonBoard({ game }: { game: GameType }) {
  return (
    <Card role="status" className="text-center">
      <Hourglass className="mx-auto size-10 text-brand" aria-hidden />
      <h2 className="mt-3 text-xl font-bold text-ink">The {gameInfo[game].displayName} board is coming soon</h2>
      <p className="mt-2 text-ink-muted">This game can’t be played in the browser yet. Your session is saved and will be here when it can.</p>
    </Card>
  );
}
