import { z } from 'zod';
import { messages } from './messages';

/** The four activities on one engine (docs/product/sessions-and-games.md#the-four-activities). */
export const GAME_TYPES = ['questions', 'would_you_rather', 'emoji_movie', 'couple_quiz'] as const;
export type GameType = (typeof GAME_TYPES)[number];

const aliases: Record<string, GameType> = {
  question: 'questions',
  questions: 'questions',
  wyr: 'would_you_rather',
  would_you_rather: 'would_you_rather',
  emoji: 'emoji_movie',
  emoji_movie: 'emoji_movie',
  quiz: 'couple_quiz',
  couple_quiz: 'couple_quiz',
};

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

/** What an item of each game looks like in content files and in the database. */
export const itemPayloadSchemas = {
  questions: z.object({ text: text(300) }).strict(),
  would_you_rather: z.object({ option_a: text(160), option_b: text(160) }).strict(),
  /** `alternate_titles`: other names a player may rightly give (a shorter common title, the original release title). */
  emoji_movie: z.object({ emoji_sequence: text(40), movie_title: text(120), alternate_titles: z.array(text(120)).max(6).optional() }).strict(),
  couple_quiz: z
    .object({ question: text(240), options: z.array(text(120)).min(2).max(6), correct_answer: text(120), explanation: text(400).optional() })
    .strict()
    .refine((q) => q.options.some((o) => o.toLowerCase() === q.correct_answer.toLowerCase()), { message: 'correct_answer must be one of the options' }),
} satisfies Record<GameType, z.ZodType>;

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
    const schema = itemPayloadSchemas[file.game];
    file.levels.forEach((level, li) => {
      if (level.number !== li + 1) ctx.addIssue({ code: 'custom', path: ['levels', li, 'number'], message: 'levels must be numbered 1, 2, 3… in order' });
      level.items.forEach((item, ii) => {
        const r = schema.safeParse(item);
        if (!r.success) ctx.addIssue({ code: 'custom', path: ['levels', li, 'items', ii], message: r.error.issues[0]?.message ?? 'invalid item' });
      });
    });
  });

export type ContentFile = z.infer<typeof contentFileSchema>;

/** How each activity presents itself (docs/product/sessions-and-games.md#the-four-activities). */
export const gameInfo: Record<GameType, { displayName: string; description: string; hasCategories: true; supportsLevels: true; home: { label: string; path: string } }> = {
  questions: {
    displayName: 'Questions',
    description: 'Relationship questions by theme and level. Answer side by side and discover each other.',
    hasCategories: true,
    supportsLevels: true,
    /** Where the completion dialog's second button leads: the activity's own hub. */
    home: { label: 'Return to All Questions', path: '/questions' },
  },
  would_you_rather: {
    displayName: 'Would You Rather',
    description: 'Pick between two options, then see if your partner chose the same.',
    hasCategories: true,
    supportsLevels: true,
    home: { label: 'Return to All Games', path: '/games' },
  },
  emoji_movie: {
    displayName: 'Emoji Movie',
    description: 'Guess the film from a line of emoji. Who is the real movie buff?',
    hasCategories: true,
    supportsLevels: true,
    home: { label: 'Return to All Games', path: '/games' },
  },
  couple_quiz: {
    displayName: 'Couple Quiz',
    description: 'Multiple-choice trivia about love and romance, with a winner at the end.',
    hasCategories: true,
    supportsLevels: true,
    home: { label: 'Return to All Games', path: '/games' },
  },
};

/**
 * The three games of the /games catalogue, in the product's order
 * (docs/product/sessions-and-games.md#the-four-activities).
 */
export const PLAYABLE_GAMES = ['would_you_rather', 'emoji_movie', 'couple_quiz'] as const satisfies readonly GameType[];

/** The toast text for an invite whose type no client knows (docs/product/partners.md#the-bell). */
export const unknownSessionTypeMessage = (type: string) => `Unknown session type: ${type}`;
