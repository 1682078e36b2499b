/**
 * Where each game lives (docs/product/sessions-and-games.md#addresses): in the /games catalogue or on a hub of its
 * own, and its addresses below it. Apart from its definition (core/game-definitions.ts) because the router and every
 * page a visitor opens read it, and they load no zod (docs/decisions/050-public-pages-run-less.md). Keyed by every game
 * type: a game without its place does not compile.
 */
import type { GameType } from './game-definitions';

export interface GamePlace {
  /**
   * 'catalogue': in the /games catalogue, at /games/<type>/…; 'standalone': a hub of its own at /<type>/…, with its
   * title in the header (its hub's other words are its definition's `hubWords`).
   */
  hub: { kind: 'catalogue' } | { kind: 'standalone'; title: string };
  /**
   * Its addresses below the hub (core/routes.ts): a category's levels, and the host's session screen (the partner's is
   * always `session/:sessionId`; a host at the same address shares one link with the partner).
   */
  paths: { levels: 'categories/:categoryId' | 'categories/:categoryId/levels'; hostSession: 'host-session/:sessionId' | 'session/:sessionId' };
}

/** What every game of the /games catalogue shares. */
const inTheCatalogue = {
  hub: { kind: 'catalogue' },
  paths: { levels: 'categories/:categoryId', hostSession: 'host-session/:sessionId' },
} as const satisfies GamePlace;

/** In the product's order, as the definitions; typed by every game type, so a game without its place does not compile here. */
export const gamePlaces: { readonly [G in GameType]: GamePlace } = {
  questions: {
    hub: { kind: 'standalone', title: 'Questions' },
    paths: { levels: 'categories/:categoryId', hostSession: 'session/:sessionId' },
  },
  would_you_rather: inTheCatalogue,
  emoji_movie: { ...inTheCatalogue, paths: { ...inTheCatalogue.paths, levels: 'categories/:categoryId/levels' } },
  couple_quiz: inTheCatalogue,
};

/** Every game, in the product's order, read without the definitions. */
export const PLACED_GAMES = Object.keys(gamePlaces) as GameType[];
