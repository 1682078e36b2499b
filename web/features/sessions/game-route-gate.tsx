import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { GameType } from '@core/games';
import { messages } from '@core/messages';
import { Alert } from '@/components/ui/alert';
import { Page } from '@/components/ui/page';
import { useGameRoute } from '@/lib/game-route';

/** Renders `children` for a known game: an alias moves to the canonical address, anything else is 'Unknown game type'. */
export function GameRouteGate({ children }: { children: (game: GameType) => ReactNode }) {
  const { game, canonicalPath } = useGameRoute();
  if (canonicalPath) return <Navigate to={canonicalPath} replace />;
  if (!game) {
    return (
      <Page narrow>
        <Alert tone="error">{messages.game.unknownGameType}</Alert>
      </Page>
    );
  }
  return children(game);
}
