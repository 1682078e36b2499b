import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { guessOfSearch, paceOfSearch } from '@/lib/game-route';
import { useCreateSession } from './api/create-session';
import { GameRouteGate } from './game-route-gate';
import { gameDefinitions } from '@core/game-definitions';
import type { GameType } from '@core/games';
import { routes } from '@core/routes';
import { usePageTitle } from '@/lib/page-title';

/**
 * /games/:gameType/create/:levelId: makes the session and hands the host to its screen, replacing this
 * entry so Back does not create another one. A level card passes its category in the location state, and the pace
 * chosen above it as `?pace=` (docs/product/sessions-and-games.md#at-your-own-pace).
 */
export function CreateSessionPage() {
  return <GameRouteGate>{(game) => <CreateSession gameType={game} />}</GameRouteGate>;
}

function CreateSession({ gameType }: { gameType: GameType }) {
  usePageTitle(gameDefinitions[gameType].displayName, 'New session');
  const { levelId = '' } = useParams();
  const { state, search } = useLocation() as { state: { categoryId?: string } | null; search: string };
  const pace = paceOfSearch(search);
  const guessing = guessOfSearch(search);
  const navigate = useNavigate();
  const create = useCreateSession();
  // StrictMode runs effects twice in development: one session, not two.
  const started = useRef(false);
  const back = state?.categoryId ? routes.levels(gameType, state.categoryId) : routes.categories(gameType);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    create.mutateAsync({ levelId, pace, guessing }).then(
      ({ session }) => navigate(routes.hostSession(session.game, session.id), { replace: true }),
      (err: unknown) => {
        if (err instanceof ApiError && err.code === 'GOLD_REQUIRED') {
          toast('Get Lifetime Gold', { description: err.message });
          return navigate(routes.pricing, { replace: true });
        }
        if (err instanceof ApiError && err.code === 'LEVEL_LOCKED') toast.error('Level Locked', { description: err.message });
        else if (err instanceof ApiError && (err.code === 'GUESSING_ONLY' || err.code === 'GUESSING_NOT_OFFERED'))
          toast.error('Session Creation Failed', { description: err.message });
        // Question sessions say "a new session", the games "game session"
        // (docs/product/sessions-and-games.md#creating-a-session).
        else toast.error('Session Creation Failed', { description: gameDefinitions[gameType].createFailed });
        return navigate(back, { replace: true });
      },
    );
  }, [create, levelId, pace, guessing, navigate, back, gameType]);

  return (
    <Page narrow>
      <Spinner label="Creating your game" />
      <p className="text-center text-ink-muted" aria-hidden>
        Setting up your game…
      </p>
    </Page>
  );
}
