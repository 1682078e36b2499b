import { useLocation, useParams } from 'react-router';
import { gamePlaces } from '@core/game-places';
import { GAME_TYPES, type GameType, resolveGameType } from '@core/games';
import { PACES, type Pace } from '@core/contracts/common';
import { routes } from '@core/routes';

const standalone = (game: GameType) => gamePlaces[game].hub.kind === 'standalone';

/**
 * The game of a /games/:gameType/… or /questions/… route. The aliases (wyr, emoji, quiz) are accepted
 * and lead to the canonical address, so each screen has one URL; anything else, and a game with its own hub under
 * /games (question sessions have their own routes), is an unknown game type.
 */
export function useGameRoute(): { game: GameType | null; canonicalPath: string | null } {
  const { gameType = '' } = useParams();
  const { pathname, search } = useLocation();
  const hub = GAME_TYPES.find((g) => standalone(g) && (pathname === routes.categories(g) || pathname.startsWith(`${routes.categories(g)}/`)));
  if (hub) return { game: hub, canonicalPath: null };
  let game: GameType | null = null;
  try {
    game = resolveGameType(gameType);
  } catch {
    game = null;
  }
  if (game && standalone(game)) game = null;
  const canonicalPath = game && game !== gameType ? pathname.replace(`${routes.games}/${gameType}`, `${routes.games}/${game}`) + search : null;
  return { game, canonicalPath };
}

/**
 * How the couple chose to play a new session (docs/product/sessions-and-games.md#at-your-own-pace), carried from the
 * level pages to the create-session address as `?pace=`: the catalogue feature writes it, the sessions feature reads it.
 */
const PACE_PARAM = 'pace';

/** The pace a link asks for, if it names a valid one (a session without one gets the couple's last choice). */
export function paceOfSearch(search: string | URLSearchParams): Pace | undefined {
  const value = new URLSearchParams(search).get(PACE_PARAM);
  return PACES.find((pace) => pace === value);
}

/** An address that carries the chosen pace. */
export const withPace = (path: string, pace: Pace, guessing = false) => `${path}?${new URLSearchParams({ [PACE_PARAM]: pace, ...(guessing ? { [GUESS_PARAM]: '1' } : {}) })}`;

/** Guess my answer (core/guessing.ts), chosen on the level pages and carried as `?guess=1` like the pace. */
export const GUESS_PARAM = 'guess';
export const guessOfSearch = (search: string | URLSearchParams) => new URLSearchParams(search).get(GUESS_PARAM) === '1';
