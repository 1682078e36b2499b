import { useLocation, useParams } from 'react-router';
import { type GameType, resolveGameType } from '@core/games';

/**
 * The game of a /games/:gameType/… or /questions/… route. The aliases (wyr, emoji, quiz) are accepted
 * and lead to the canonical address, so each screen has one URL; anything else, and 'questions' under /games
 * (question sessions have their own routes), is an unknown game type.
 */
export function useGameRoute(): { game: GameType | null; canonicalPath: string | null } {
  const { gameType = '' } = useParams();
  const { pathname, search } = useLocation();
  if (pathname === '/questions' || pathname.startsWith('/questions/')) return { game: 'questions', canonicalPath: null };
  let game: GameType | null = null;
  try {
    game = resolveGameType(gameType);
  } catch {
    game = null;
  }
  if (game === 'questions') game = null;
  const canonicalPath = game && game !== gameType ? pathname.replace(`/games/${gameType}`, `/games/${game}`) + search : null;
  return { game, canonicalPath };
}
