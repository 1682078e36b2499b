import { useLocation, useParams } from 'react-router';
import { gameDefinitions } from '@core/game-definitions';
import { GAME_TYPES, type GameType, resolveGameType } from '@core/games';
import { routes } from '@core/routes';

const ownHub = (game: GameType) => gameDefinitions[game].hub.kind === 'own';

/**
 * The game of a /games/:gameType/… or /questions/… route. The aliases (wyr, emoji, quiz) are accepted
 * and lead to the canonical address, so each screen has one URL; anything else, and a game with its own hub under
 * /games (question sessions have their own routes), is an unknown game type.
 */
export function useGameRoute(): { game: GameType | null; canonicalPath: string | null } {
  const { gameType = '' } = useParams();
  const { pathname, search } = useLocation();
  const hub = GAME_TYPES.find((g) => ownHub(g) && (pathname === routes.categories(g) || pathname.startsWith(`${routes.categories(g)}/`)));
  if (hub) return { game: hub, canonicalPath: null };
  let game: GameType | null = null;
  try {
    game = resolveGameType(gameType);
  } catch {
    game = null;
  }
  if (game && ownHub(game)) game = null;
  const canonicalPath = game && game !== gameType ? pathname.replace(`/games/${gameType}`, `/games/${game}`) + search : null;
  return { game, canonicalPath };
}
