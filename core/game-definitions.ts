import { z } from 'zod';
import { matchesTitle } from './answer-match';
import { type GameType, itemPayloadSchemas } from './games';

/** Blank or missing data refuses an answer with this text (docs/product/sessions-and-games.md#answering). */
export const MISSING_ANSWER_DATA = 'Missing required data for answer submission';

const answerText = (max: number) =>
  z
    .string({ error: MISSING_ANSWER_DATA })
    .trim()
    .min(1, MISSING_ANSWER_DATA)
    .max(max, `Answers can be at most ${max} characters`)
    // PostgreSQL's text and jsonb cannot hold a NUL character; no keyboard types one.
    .refine((text) => !text.includes('\u0000'), 'Answers cannot contain control characters');

/**
 * What makes one game different from another (docs/product/sessions-and-games.md#the-four-activities): an item's
 * payload, an answer, what a player may not see before answering, and how an answer is scored. A fifth game is one more
 * entry here plus a board.
 */
export interface GameDefinition<Item, Answer, View = Item> {
  type: GameType;
  item: z.ZodType<Item>;
  answer: z.ZodType<Answer>;
  /** The item as a screen gets it: whole once the viewer has answered, `redact`ed before. */
  view: z.ZodType<View>;
  /**
   * Scored games show scores and a verdict in the completion dialog, and keep a player's first answer to an item: the
   * reply shows the solution, so a different second answer is refused (docs/product/sessions-and-games.md#answering).
   */
  scored: boolean;
  /**
   * The consented link (docs/decisions/019): an unpartnered visitor who opens a session of an unpartnered creator is
   * asked "Link with {username} and join?" instead of being refused. Question sessions only (spec decisions §5).
   */
  consentedLink: boolean;
  isCorrect(item: Item, answer: Answer): boolean;
  /** The item as a player sees it before answering (no movie title, no correct answer). */
  redact(item: Item): View;
  /** A further check of the answer against the item (a quiz answer must be one of its options). */
  accepts(item: Item, answer: Answer): boolean;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

type Payload<G extends GameType> = z.infer<(typeof itemPayloadSchemas)[G]>;

const viewText = z.string();
const emojiMovieView = z.object({ emoji_sequence: viewText, movie_title: viewText.optional(), alternate_titles: z.array(viewText).optional() });
const coupleQuizView = z.object({ question: viewText, options: z.array(viewText), correct_answer: viewText.optional(), explanation: viewText.optional() });

export const gameDefinitions = {
  would_you_rather: {
    type: 'would_you_rather',
    item: itemPayloadSchemas.would_you_rather,
    answer: z.enum(['a', 'b'], { error: MISSING_ANSWER_DATA }),
    view: z.object({ option_a: viewText, option_b: viewText }),
    scored: false,
    consentedLink: false,
    isCorrect: () => false,
    redact: (item) => item,
    accepts: () => true,
  } satisfies GameDefinition<Payload<'would_you_rather'>, 'a' | 'b', { option_a: string; option_b: string }>,
  emoji_movie: {
    type: 'emoji_movie',
    item: itemPayloadSchemas.emoji_movie,
    answer: answerText(120),
    view: emojiMovieView,
    scored: true,
    consentedLink: false,
    isCorrect: (item, answer) => matchesTitle(answer, item.movie_title, item.alternate_titles),
    redact: ({ emoji_sequence }) => ({ emoji_sequence }),
    accepts: () => true,
  } satisfies GameDefinition<Payload<'emoji_movie'>, string, z.infer<typeof emojiMovieView>>,
  couple_quiz: {
    type: 'couple_quiz',
    item: itemPayloadSchemas.couple_quiz,
    answer: answerText(120),
    view: coupleQuizView,
    scored: true,
    consentedLink: false,
    isCorrect: (item, answer) => same(item.correct_answer, answer),
    redact: ({ question, options }) => ({ question, options }),
    accepts: (item, answer) => item.options.some((o) => same(o, answer)),
  } satisfies GameDefinition<Payload<'couple_quiz'>, string, z.infer<typeof coupleQuizView>>,
  questions: {
    type: 'questions',
    item: itemPayloadSchemas.questions,
    answer: answerText(1000),
    view: z.object({ text: viewText }),
    scored: false,
    consentedLink: true,
    isCorrect: () => false,
    redact: (item) => item,
    accepts: () => true,
  } satisfies GameDefinition<Payload<'questions'>, string>,
} as const;

export type GameDefinitions = typeof gameDefinitions;
/** A game's answer, as its definition parses it. */
export type AnswerOf<G extends GameType> = z.output<GameDefinitions[G]['answer']>;
/** A game's item as a screen shows it (redacted until the viewer has answered). */
export type ItemViewOf<G extends GameType> = z.output<GameDefinitions[G]['view']>;

// The server holds items as stored JSON of any game; it works with one game at a time through this widened view.
export const definitionOf = (game: GameType) => gameDefinitions[game] as unknown as GameDefinition<Record<string, unknown>, unknown, Record<string, unknown>>;

/** Completion verdict from the two scores (docs/product/sessions-and-games.md#the-completion-dialog). */
export function verdict(mine: number, partner: number): string {
  if (mine > partner) return 'You win!';
  if (partner > mine) return 'Your partner wins!';
  return "It's a tie!";
}
