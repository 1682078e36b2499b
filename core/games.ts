import { z } from 'zod';
import { type GameType, gameDefinitions } from './game-definitions';
import { messages } from './messages';
import { gamePlaces } from './game-places';
import { routes } from './routes';

export type { GameType } from './game-definitions';

/** The four activities on one engine, in the product's order (docs/product/sessions-and-games.md#the-four-activities). */
export const GAME_TYPES = Object.keys(gameDefinitions) as [GameType, ...GameType[]];

const aliases: Record<string, GameType> = Object.fromEntries(GAME_TYPES.flatMap((game) => [game, ...gameDefinitions[game].aliases].map((name) => [name, game])));

export class UnknownGameTypeError extends Error {
  constructor(readonly type: string) {
    super(messages.game.unknownGameType);
  }
}

/**
 * The game types and their aliases (docs/product/sessions-and-games.md#the-four-activities); anything else is 'Unknown
 * game type'.
 */
export function resolveGameType(type: string): GameType {
  // Own keys only: 'constructor' or '__proto__' are not game types.
  if (!Object.hasOwn(aliases, type)) throw new UnknownGameTypeError(type);
  return aliases[type];
}

const text = (max: number) => z.string().trim().min(1).max(max);

/** A level's declared depth, in order: the content check requires a category's levels to go light to deep. */
export const LEVEL_DEPTHS = ['light', 'deeper', 'deepest'] as const;
export type LevelDepth = (typeof LEVEL_DEPTHS)[number];

export const contentFileSchema = z
  .object({
    game: z.enum(GAME_TYPES),
    slug: z.string().regex(/^[a-z0-9-]+$/),
    name: text(60),
    description: text(200),
    position: z.number().int().min(0),
    /** A lucide icon name (kebab-case) for the category's card. */
    icon: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .max(40)
      .optional(),
    levels: z
      .array(
        z.object({
          number: z.number().int().min(1),
          name: text(60),
          description: text(200),
          /** How deep the level goes, light to deepest across a category's levels (docs/content.md#light-to-deep). */
          depth: z.enum(LEVEL_DEPTHS).optional(),
          free: z.boolean().default(false),
          items: z.array(z.unknown()).min(1),
        }),
      )
      .min(1),
  })
  .superRefine((file, ctx) => {
    // Every item against its game's schema (core/game-definitions.ts `item`).
    const schema: z.ZodType = gameDefinitions[file.game].item;
    file.levels.forEach((level, li) => {
      if (level.number !== li + 1) ctx.addIssue({ code: 'custom', path: ['levels', li, 'number'], message: 'levels must be numbered 1, 2, 3… in order' });
      level.items.forEach((item, ii) => {
        const r = schema.safeParse(item);
        if (!r.success) ctx.addIssue({ code: 'custom', path: ['levels', li, 'items', ii], message: r.error.issues[0]?.message ?? 'invalid item' });
      });
    });
  });

export type ContentFile = z.infer<typeof contentFileSchema>;

/**
 * The games of the /games catalogue, in the product's order; the others have their own hub
 * (docs/product/sessions-and-games.md#the-four-activities).
 */
export const CATALOGUE_GAMES = GAME_TYPES.filter((game) => gamePlaces[game].hub.kind === 'catalogue');

/** "Would You Rather, Emoji Movie and Couple Quiz": the catalogue's games by name, as a sentence lists them. */
export const catalogueGameNames = (() => {
  const names = CATALOGUE_GAMES.map((game) => gameDefinitions[game].displayName);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join('');
})();

/** The partner's screen for a game named by the server or a link (aliases accepted; anything else throws UnknownGameTypeError). */
export const sessionPath = (game: string, sessionId: string) => routes.session(resolveGameType(game), sessionId);

/** The toast text for an invite whose type no client knows (docs/product/partners.md#the-bell). */
export const unknownSessionTypeMessage = (type: string) => `Unknown session type: ${type}`;
