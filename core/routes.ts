/**
 * Every screen's address, built in one place for the web's links, navigation and router, the session invitations'
 * "open", the dashboard and mail: the screens of core/screens.ts (which a visitor's page reads without loading the
 * game definitions) and the games'. A game of the catalogue lives under /games/:gameType/…, a standalone one under its
 * own prefix (/questions/…), each where its place (core/game-places.ts) puts it; nothing here loads zod
 * (docs/product/sessions-and-games.md#addresses).
 */
import type { GameType } from './game-definitions';
import { gamePlaces, PLACED_GAMES } from './game-places';
import { fill, patterns, screens } from './screens';

/** A game with a hub of its own lives at /<type> (/questions); the others in the catalogue at /games/<type>. */
const standalone = (game: GameType) => gamePlaces[game].hub.kind === 'standalone';
const base = (game: GameType) => (standalone(game) ? `/${game}` : `/games/${game}`);
/** One of a game's own paths (`paths` in its definition) with its parameter filled in. */
const below = (game: GameType, path: string, value: string) => `${base(game)}/${path.replace(/:\w+/, encodeURIComponent(value))}`;

export const routes = {
  ...screens,
  /** A game's categories. */
  categories: (game: GameType) => (standalone(game) ? base(game) : `${base(game)}/categories`),
  /** A category's level selection, where its definition's `paths.levels` puts it (docs/product/sessions-and-games.md#addresses). */
  levels: (game: GameType, categoryId: string) => below(game, gamePlaces[game].paths.levels, categoryId),
  /** Makes a session for a level, then hands the host to it. */
  createSession: (game: GameType, levelId: string) => `${base(game)}/create/${levelId}`,
  /** The host's screen, where its definition's `paths.hostSession` puts it (the partner's own address, or one of its own). */
  hostSession: (game: GameType, sessionId: string) => below(game, gamePlaces[game].paths.hostSession, sessionId),
  /** The partner's screen, which is also the link the host shares. */
  session: (game: GameType, sessionId: string) => `${base(game)}/session/${sessionId}`,
};

/** The games with a hub of their own, each with its own addresses and its way in on the dashboard and in the header. */
export const STANDALONE_GAMES = PLACED_GAMES.filter(standalone);
/** A standalone game's name in the header and as its hub's page title. */
export const hubTitle = (game: GameType) => {
  const { hub } = gamePlaces[game];
  return hub.kind === 'standalone' ? hub.title : null;
};
const catalogueBase = `${patterns.games}/:gameType`;
const unique = (list: string[]) => [...new Set(list)];

/**
 * The router's patterns of a game's screens (React Router's `:param`): a standalone game's under its own prefix, the
 * catalogue's under /games/:gameType with every level and host address its games' definitions use.
 */
export function gamePatterns(game: GameType | 'catalogue') {
  const games = game === 'catalogue' ? PLACED_GAMES.filter((g) => !standalone(g)) : [game];
  const prefix = game === 'catalogue' ? catalogueBase : base(game);
  return {
    categories: game === 'catalogue' ? `${prefix}/categories` : prefix,
    // The catalogue also answers /games/:gameType/levels/:categoryId, an address the spec gives Would You Rather.
    levels: unique([...games.map((g) => `${prefix}/${gamePlaces[g].paths.levels}`), ...(game === 'catalogue' ? [`${prefix}/levels/:categoryId`] : [])]),
    create: `${prefix}/create/:levelId`,
    sessions: unique([...games.map((g) => `${prefix}/${gamePlaces[g].paths.hostSession}`), `${prefix}/session/:sessionId`]),
    /** A session address without its id: the "Invalid Session" screen, not the 404 page. */
    sessionsWithoutId: unique([...games.map((g) => `${prefix}/${gamePlaces[g].paths.hostSession.replace('/:sessionId', '')}`), `${prefix}/session`]),
    prefix,
  };
}

export { fill, patterns };
