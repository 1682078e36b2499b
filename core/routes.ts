/**
 * Every address of the app's game screens, built in one place for the web's links and navigation, the
 * session invitations' "open", the dashboard and mail. Question sessions are a game with their own prefix
 * (/questions/...); the three games live under /games/:gameType/... (docs/product/sessions-and-games.md#addresses).
 */
import { gameDefinitions } from './game-definitions';
import { type GameType, resolveGameType } from './games';

/** A game with its own hub lives at /<type> (/questions); the others in the catalogue at /games/<type>. */
const ownHub = (game: GameType) => gameDefinitions[game].hub.kind === 'own';
const base = (game: GameType) => (ownHub(game) ? `/${game}` : `/games/${game}`);

export const routes = {
  games: '/games',
  /** A game's categories. */
  categories: (game: GameType) => (ownHub(game) ? base(game) : `${base(game)}/categories`),
  /**
   * A category's level selection; Emoji Movie nests its levels route (docs/product/sessions-and-games.md#addresses).
   */
  levels: (game: GameType, categoryId: string) => `${base(game)}/categories/${categoryId}${gameDefinitions[game].nestedLevelsAddress ? '/levels' : ''}`,
  /** Makes a session for a level, then hands the host to it. */
  createSession: (game: GameType, levelId: string) => `${base(game)}/create/${levelId}`,
  /** The host's screen; a question session has one address for both. */
  hostSession: (game: GameType, sessionId: string) => `${base(game)}/${gameDefinitions[game].sharedSessionAddress ? 'session' : 'host-session'}/${sessionId}`,
  /** The partner's screen, which is also the link the host shares. */
  session: (game: GameType, sessionId: string) => `${base(game)}/session/${sessionId}`,
};

/** The partner's screen for a game named by the server or a link (aliases accepted; anything else throws UnknownGameTypeError). */
export const sessionPath = (game: string, sessionId: string) => routes.session(resolveGameType(game), sessionId);
