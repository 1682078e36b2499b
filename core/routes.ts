/**
 * Every address of the app's game screens, built in one place for the web's links and navigation, the
 * session invitations' "open", the dashboard and mail. Question sessions are a game with their own prefix
 * (/questions/...); the three games live under /games/:gameType/... (docs/product/sessions-and-games.md#addresses).
 */
import { gameDefinitions } from './game-definitions';
import { type GameType, resolveGameType } from './games';

/** A game with a hub of its own lives at /<type> (/questions); the others in the catalogue at /games/<type>. */
const standalone = (game: GameType) => gameDefinitions[game].hub.kind === 'standalone';
const base = (game: GameType) => (standalone(game) ? `/${game}` : `/games/${game}`);
/** One of a game's own paths (`paths` in its definition) with its parameter filled in. */
const below = (game: GameType, path: string, value: string) => `${base(game)}/${path.replace(/:\w+/, value)}`;

export const routes = {
  games: '/games',
  /** A game's categories. */
  categories: (game: GameType) => (standalone(game) ? base(game) : `${base(game)}/categories`),
  /** A category's level selection, where its definition's `paths.levels` puts it (docs/product/sessions-and-games.md#addresses). */
  levels: (game: GameType, categoryId: string) => below(game, gameDefinitions[game].paths.levels, categoryId),
  /** Makes a session for a level, then hands the host to it. */
  createSession: (game: GameType, levelId: string) => `${base(game)}/create/${levelId}`,
  /** The host's screen, where its definition's `paths.hostSession` puts it (the partner's own address, or one of its own). */
  hostSession: (game: GameType, sessionId: string) => below(game, gameDefinitions[game].paths.hostSession, sessionId),
  /** The partner's screen, which is also the link the host shares. */
  session: (game: GameType, sessionId: string) => `${base(game)}/session/${sessionId}`,
};

/** The partner's screen for a game named by the server or a link (aliases accepted; anything else throws UnknownGameTypeError). */
export const sessionPath = (game: string, sessionId: string) => routes.session(resolveGameType(game), sessionId);
