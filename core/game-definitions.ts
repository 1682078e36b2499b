import { z } from 'zod';
import { matchesTitle } from './answer-match';
import { MISSING_ANSWER_DATA } from './error-codes';
import type { GuessKind, GuessPlay } from './guessing';

const answerText = (max: number) =>
  z
    .string({ error: MISSING_ANSWER_DATA })
    .trim()
    .min(1, MISSING_ANSWER_DATA)
    .max(max, `Answers can be at most ${max} characters`)
    // PostgreSQL's text and jsonb cannot hold a NUL character; no keyboard types one.
    .refine((text) => !text.includes('\u0000'), 'Answers cannot contain control characters');

/**
 * The icons the games are drawn with, as lucide names: core draws nothing, and the web maps each name to its component
 * in one `Record` (web/lib/game-style.ts), which stops compiling when a name is added here without its component.
 */
export type GameIcon = 'message-circle-heart' | 'scale' | 'film' | 'help-circle';

/** The content check's tools (server/modules/content): a game's rules say what is checked, the check says how. */
export interface ContentTools {
  /** Case, punctuation, diacritics and articles folded, as the duplicate rule compares. */
  normalise(text: string): string;
  /** What is wrong with an emoji clue: characters past Emoji 13.1, or the title spelt out (docs/content.md). */
  emojiProblems(sequence: string, titles: string[]): string[];
}

/** What the content check (docs/content.md#the-check) checks of a game's items beyond their schema. */
export interface ContentRules<Item> {
  /** The words that make two items the same once normalised; they also name the item in the check's report. */
  identity(item: Item): string;
  /** More that makes two items the same: other names (normalised as words) and an emoji clue (as given). */
  sameAs?(item: Item): { names: string[]; emoji?: string };
  /**
   * What is compared for near-duplicates: topic words ('words'), a set of emoji ('emoji'), or a title's topic words
   * ('title', only when it has enough of them: short titles are different films).
   */
  near(item: Item): { kind: 'words' | 'emoji' | 'title'; text: string }[];
  /** For the conversational games: the text whose deep themes a category's last level touches more than its first. */
  tone?(item: Item): string;
  /** An item's own faults, each as one line of the report. */
  problems?(item: Item, tools: ContentTools): string[];
}

/**
 * How an activity is played by guessing (core/guessing.ts, docs/product/guess-my-answer.md): its kind, how a level of
 * an item's kind may be played, the options a prediction picks from and how two answers compare.
 */
export interface GuessRule<Item, Answer, View> {
  kind: GuessKind;
  play(item: Item): GuessPlay;
  /** 'predict': the options as answers and as words, in the item's order. */
  choices?(view: View): { value: Answer; label: string }[];
  same(a: Answer, b: Answer): boolean;
}

/**
 * What makes one game different from another (docs/product/sessions-and-games.md#the-four-activities): an item's
 * payload, an answer, what a player may not see before answering, how an answer is scored, its words, its look, where
 * it lives and what the content check asks of it. A fifth game is one more entry here, a board and its content
 * (docs/ARCHITECTURE.md#adding-a-game).
 */
export interface GameDefinition<G extends string, Item, Answer, View = Item> {
  type: G;
  /** Other names its address and the API accept (wyr, emoji, quiz): they lead to the canonical one. */
  aliases: readonly string[];
  /** An item as content files and the database hold it. */
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
   * Someone without a partner who opens the session of a creator without one (docs/decisions/019): 'refused', or
   * 'offered-link': asked "Link with {username} and join?" (the consented link; spec decisions §5 gives it to question
   * sessions).
   */
  unpartneredJoin: 'refused' | 'offered-link';
  isCorrect(item: Item, answer: Answer): boolean;
  /** The item as a player sees it before answering (no movie title, no correct answer). */
  redact(item: Item): View;
  /** A further check of the answer against the item (a quiz answer must be one of its options). */
  accepts(item: Item, answer: Answer): boolean;
  /**
   * How an item and an answer read as words in Memories, their search and the export (docs/product/memories.md): the
   * whole item (a film's title too, once both answered), and an answer as its player meant it ("Stay in", not "b").
   */
  memory: { prompt(item: Item): string; answer(item: Item, answer: Answer): string };
  /** Guess my answer, where the activity offers it (core/guessing.ts); none: a level is played the ordinary way only. */
  guess?: GuessRule<Item, Answer, View>;

  // ── Its words (the spec's texts) ──
  displayName: string;
  /** Its line in the /games catalogue and under its categories page's title. */
  description: string;
  /**
   * The words of its own hub, for a game whose place is one (core/game-places.ts): the hub's heading, its list's name,
   * its card among the dashboard's ways in, the free plan's banner there.
   */
  hubWords?: { heading: string; categories: string; card: string; freePlan: string };
  /** Where the completion dialog's second button leads: the activity's own hub. */
  home: { label: string; path: string };
  /** The host's button once both have answered, on the last item and before it (spec §2.6, §2.7). */
  advance: { last: string; other: string };
  /** The toast's text when a session could not be made (docs/product/sessions-and-games.md#creating-a-session). */
  createFailed: string;
  /** "Sam invited you to answer Questions together", "Sam invited you to play Emoji Movie". */
  invitation: { verb: 'answer' | 'play'; together: boolean };
  /** A level card's button, and the names of its levels' depths where the card shows them. */
  levels: { start: string; depths: readonly string[] };

  // ── Its look ──
  /** Its icon and its tile's gradient (Tailwind colour tokens), the same wherever it appears. */
  style: { icon: GameIcon; tile: string };

  // ── Where it lives: core/game-places.ts (read by pages that load no zod) ──
  /**
   * What it adds to the dashboard (docs/product/home-and-shell.md#the-couples-dashboard): 'sessions', each session to
   * "games played"; 'answers', each of the viewer's answers to "questions answered".
   */
  dashboardCounts: 'sessions' | 'answers';

  content: ContentRules<Item>;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const text = (max: number) => z.string().trim().min(1).max(max);
const viewText = z.string();

const questionItem = z.object({ text: text(300) }).strict();
const dilemmaItem = z.object({ option_a: text(160), option_b: text(160) }).strict();
/** `alternate_titles`: other names a player may rightly give (a shorter common title, the original release title). */
const filmItem = z.object({ emoji_sequence: text(40), movie_title: text(120), alternate_titles: z.array(text(120)).max(6).optional() }).strict();
const triviaItem = z
  .object({ question: text(240), options: z.array(text(120)).min(2).max(6), correct_answer: text(120), explanation: text(400).optional() })
  .strict()
  .refine((q) => q.options.some((o) => o.toLowerCase() === q.correct_answer.toLowerCase()), { message: 'correct_answer must be one of the options' });
/** A prompt about the couple ("What would I pick for a lazy Sunday?"): no correct answer, played only by guessing. */
const predictItem = z.object({ kind: z.literal('predict'), question: text(240), options: z.array(text(120)).min(2).max(6) }).strict();
const quizItem = z.union([triviaItem, predictItem]);
type QuizItem = z.infer<typeof quizItem>;
const isPredict = (item: QuizItem): item is z.infer<typeof predictItem> => 'kind' in item && item.kind === 'predict';

const filmView = z.object({ emoji_sequence: viewText, movie_title: viewText.optional(), alternate_titles: z.array(viewText).optional() });
const quizView = z.object({
  kind: z.literal('predict').optional(),
  question: viewText,
  options: z.array(viewText),
  correct_answer: viewText.optional(),
  explanation: viewText.optional(),
});

/** What every game of the /games catalogue shares: its place, its words around a session, what it counts toward. */
const inTheCatalogue = {
  home: { label: 'Return to All Games', path: '/games' },
  dashboardCounts: 'sessions',
  unpartneredJoin: 'refused',
  createFailed: 'Could not create game session. Please try again.',
  invitation: { verb: 'play', together: false },
  levels: { start: 'Start Game', depths: [] },
} as const;

/** In the product's order: the dashboard's counts, the catalogue and the content report list them so. */
export const gameDefinitions = {
  questions: {
    type: 'questions',
    aliases: ['question'],
    item: questionItem,
    answer: answerText(1000),
    view: z.object({ text: viewText }),
    scored: false,
    unpartneredJoin: 'offered-link',
    isCorrect: () => false,
    redact: (item) => item,
    accepts: () => true,
    memory: { prompt: (item) => item.text, answer: (_item, answer) => answer },
    guess: { kind: 'written', play: () => 'either', same: (a, b) => same(a, b) },
    displayName: 'Questions',
    description: 'Relationship questions by theme and level. Answer side by side and discover each other.',
    home: { label: 'Return to All Questions', path: '/questions' },
    hubWords: {
      heading: 'Relationship Questions',
      categories: 'Question categories',
      card: 'Relationship questions by theme, answered side by side.',
      freePlan: 'The free plan opens one level of questions. Lifetime Gold opens every category, for both of you.',
    },
    advance: { last: 'Finish', other: 'Next Question' },
    createFailed: 'Could not create a new session. Please try again.',
    invitation: { verb: 'answer', together: true },
    levels: { start: 'Start', depths: ['Light', 'Deeper', 'Deepest'] },
    style: { icon: 'message-circle-heart', tile: 'from-rose-500 to-pink-700' },
    dashboardCounts: 'answers',
    content: { identity: (i) => i.text, near: (i) => [{ kind: 'words', text: i.text }], tone: (i) => i.text },
  } satisfies GameDefinition<'questions', z.infer<typeof questionItem>, string>,
  would_you_rather: {
    ...inTheCatalogue,
    type: 'would_you_rather',
    aliases: ['wyr'],
    item: dilemmaItem,
    answer: z.enum(['a', 'b'], { error: MISSING_ANSWER_DATA }),
    view: z.object({ option_a: viewText, option_b: viewText }),
    scored: false,
    isCorrect: () => false,
    redact: (item) => item,
    accepts: () => true,
    memory: { prompt: (item) => `${item.option_a} or ${item.option_b}?`, answer: (item, answer) => (answer === 'a' ? item.option_a : item.option_b) },
    guess: {
      kind: 'predict',
      play: () => 'either',
      choices: (view) => [
        { value: 'a', label: view.option_a },
        { value: 'b', label: view.option_b },
      ],
      same: (a, b) => a === b,
    },
    displayName: 'Would You Rather',
    description: 'Pick between two options, then see if your partner chose the same.',
    advance: { last: 'Next', other: 'Next' },
    style: { icon: 'scale', tile: 'from-fuchsia-600 to-purple-700' },
    content: {
      identity: (i) => [i.option_a, i.option_b].sort().join(' / '),
      near: (i) => [{ kind: 'words', text: `${i.option_a} ${i.option_b}` }],
      tone: (i) => `${i.option_a} ${i.option_b}`,
      problems: (i, { normalise }) => (normalise(i.option_a) === normalise(i.option_b) ? ['both options are the same'] : []),
    },
  } satisfies GameDefinition<'would_you_rather', z.infer<typeof dilemmaItem>, 'a' | 'b'>,
  emoji_movie: {
    ...inTheCatalogue,
    type: 'emoji_movie',
    aliases: ['emoji'],
    item: filmItem,
    answer: answerText(120),
    view: filmView,
    scored: true,
    isCorrect: (item, answer) => matchesTitle(answer, item.movie_title, item.alternate_titles),
    redact: ({ emoji_sequence }) => ({ emoji_sequence }),
    accepts: () => true,
    memory: { prompt: (item) => `${item.emoji_sequence} · ${item.movie_title}`, answer: (_item, answer) => answer },
    displayName: 'Emoji Movie',
    description: 'Guess the film from a line of emoji. Who is the real movie buff?',
    advance: { last: 'Next Question', other: 'Next Question' },
    style: { icon: 'film', tile: 'from-amber-500 to-orange-600' },
    content: {
      identity: (i) => i.movie_title,
      sameAs: (i) => ({ names: i.alternate_titles ?? [], emoji: i.emoji_sequence }),
      near: (i) => [
        { kind: 'emoji', text: i.emoji_sequence },
        { kind: 'title', text: i.movie_title },
      ],
      problems: (i, { emojiProblems }) =>
        emojiProblems(i.emoji_sequence, [i.movie_title, ...(i.alternate_titles ?? [])]).map((p) => `${i.emoji_sequence} (${i.movie_title}): ${p}`),
    },
  } satisfies GameDefinition<'emoji_movie', z.infer<typeof filmItem>, string, z.infer<typeof filmView>>,
  couple_quiz: {
    ...inTheCatalogue,
    type: 'couple_quiz',
    aliases: ['quiz'],
    item: quizItem,
    answer: answerText(120),
    view: quizView,
    scored: true,
    isCorrect: (item, answer) => !isPredict(item) && same(item.correct_answer, answer),
    redact: (item) => (isPredict(item) ? item : { question: item.question, options: item.options }),
    accepts: (item, answer) => item.options.some((o) => same(o, answer)),
    memory: { prompt: (item) => item.question, answer: (_item, answer) => answer },
    // Its trivia is played the ordinary way; "About us" prompts have no correct answer and are played only by guessing.
    guess: { kind: 'predict', play: (item) => (isPredict(item) ? 'guessing' : 'ordinary'), choices: (view) => view.options.map((o) => ({ value: o, label: o })), same },
    displayName: 'Couple Quiz',
    description: 'Multiple-choice trivia about love and romance, with a winner at the end.',
    advance: { last: 'Finish Quiz', other: 'Next Question' },
    style: { icon: 'help-circle', tile: 'from-sky-600 to-indigo-700' },
    content: {
      identity: (i) => i.question,
      near: (i) => [{ kind: 'words', text: i.question }],
      problems: (item, { normalise }) => [
        ...(item.options.length < 3 || item.options.length > 4 ? [`${item.options.length} options, not 3 or 4`] : []),
        ...(new Set(item.options.map(normalise)).size !== item.options.length ? [`options repeat each other (${item.options.join(' / ')})`] : []),
        ...(isPredict(item) || item.explanation?.trim() ? [] : ['no explanation']),
      ],
    },
  } satisfies GameDefinition<'couple_quiz', z.infer<typeof quizItem>, string, z.infer<typeof quizView>>,
} as const;

export type GameDefinitions = typeof gameDefinitions;
/** The four activities on one engine (docs/product/sessions-and-games.md#the-four-activities). */
export type GameType = keyof GameDefinitions;
/** A game's answer, as its definition parses it. */
export type AnswerOf<G extends GameType> = z.output<GameDefinitions[G]['answer']>;
/** A game's item as a screen shows it (redacted until the viewer has answered). */
export type ItemViewOf<G extends GameType> = z.output<GameDefinitions[G]['view']>;

type Stored = Record<string, unknown>;
// The server holds items as stored JSON of any game; it works with one game at a time through this widened view.
export const definitionOf = (game: GameType) => gameDefinitions[game] as unknown as GameDefinition<GameType, Stored, unknown, Stored>;

/** Completion verdict from the two scores (docs/product/sessions-and-games.md#the-completion-dialog). */
export function verdict(mine: number, partner: number): string {
  if (mine > partner) return 'You win!';
  if (partner > mine) return 'Your partner wins!';
  return "It's a tie!";
}
