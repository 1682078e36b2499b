/**
 * Every address of the app's game screens, built in one place for the web's links and navigation, the
 * session invitations' "open", the dashboard and mail. Question sessions are a game with their own prefix
 * (/questions/...); the three games live under /games/:gameType/... (docs/product/sessions-and-games.md#addresses).
 */
import { type GameType, resolveGameType } from './games';

const base = (game: GameType) => (game === 'questions' ? '/questions' : `/games/${game}`);

export const routes = {
  games: '/games',
  /** A game's categories. */
  categories: (game: GameType) => (game === 'questions' ? '/questions' : `/games/${game}/categories`),
  /**
   * A category's level selection; Emoji Movie nests its levels route (docs/product/sessions-and-games.md#addresses).
   */
  levels: (game: GameType, categoryId: string) => (game === 'emoji_movie' ? `/games/emoji_movie/categories/${categoryId}/levels` : `${base(game)}/categories/${categoryId}`),
  /** Makes a session for a level, then hands the host to it. */
  createSession: (game: GameType, levelId: string) => `${base(game)}/create/${levelId}`,
  /** The host's screen; a question session has one address for both. */
  hostSession: (game: GameType, sessionId: string) => (game === 'questions' ? `/questions/session/${sessionId}` : `/games/${game}/host-session/${sessionId}`),
  /** The partner's screen, which is also the link the host shares. */
  session: (game: GameType, sessionId: string) => `${base(game)}/session/${sessionId}`,
};

/** The partner's screen for a game named by the server or a link (aliases accepted; anything else throws UnknownGameTypeError). */
export const sessionPath = (game: string, sessionId: string) => routes.session(resolveGameType(game), sessionId);
