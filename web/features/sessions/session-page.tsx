import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import type { GameType } from '@core/games';
import { routes } from '@core/routes';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { gameDefinitions } from '@core/game-definitions';
import { usePageTitle } from '@/lib/page-title';
import { isAccessDenied, isLinkOffer, useSession } from './api/get-session';
import { AccessDenied } from './access-denied';
import { GameRouteGate } from './game-route-gate';
import { LinkOffer } from './link-offer';
import { SessionScreen, type SessionNudgeSlot } from './session-screen';

/**
 * /games/:gameType/host-session/:sessionId, /games/:gameType/session/:sessionId and /questions/session/:sessionId:
 * one screen, the seat (host or partner) comes from the server. Stages: loading, partner-only denial (or, for a question
 * session, the offer to link), waiting, the game, done.
 */
export function SessionPage({ nudge }: { nudge?: SessionNudgeSlot } = {}) {
  return <GameRouteGate>{(game) => <Session game={game} nudge={nudge} />}</GameRouteGate>;
}

function Session({ game, nudge }: { game: GameType; nudge?: SessionNudgeSlot }) {
  const { sessionId = '' } = useParams();
  const query = useSession(sessionId);
  usePageTitle(gameDefinitions[game].displayName, query.data ? `Level ${query.data.level.number}` : 'Session');
  const navigate = useNavigate();
  // A session that cannot be loaded (unknown, or the server failing) is a toast and the way back to the games
  // (docs/product/sessions-and-games.md#access-denied). Once it is on screen, only the server's own refusal takes it
  // away: a reload that fails because the connection dropped keeps the game where it is, and the next reconnect loads
  // it again.
  const failed = query.isError && !isAccessDenied(query.error) && (query.data === undefined || isRefusal(query.error));
  useEffect(() => {
    if (!failed) return;
    toast.error('Session Error', { id: 'session-error', description: 'Could not load the game session. Please try again.' });
    navigate(routes.games, { replace: true });
  }, [failed, navigate]);

  if (query.isPending || failed) {
    return (
      <Page>
        <Spinner label="Loading the game" />
      </Page>
    );
  }
  // The server's question to an unpartnered visitor of an unpartnered creator's question session (docs/decisions/019).
  if (query.isError && isLinkOffer(query.error)) return <LinkOffer game={game} sessionId={sessionId} question={query.error.message} />;
  // A denial wins even over data we had: the partner link may have just been removed.
  if (query.isError && isAccessDenied(query.error)) return <AccessDenied />;
  if (!query.data) return null;
  // The link named another game than the session's: show it at its own address.
  const { game: actual, role } = query.data;
  if (actual !== game) return <Navigate to={role === 'host' ? routes.hostSession(actual, sessionId) : routes.session(actual, sessionId)} replace />;
  return <SessionScreen key={sessionId} snapshot={query.data} nudge={nudge} />;
}

const isRefusal = (err: unknown) => err instanceof ApiError && err.status >= 400 && err.status < 500;
