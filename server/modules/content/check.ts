import { foldWords } from '@core/answer-match';
import { type ContentTools, definitionOf } from '@core/game-definitions';
import { type ContentFile, GAME_TYPES, type GameType, LEVEL_DEPTHS } from '@core/games';
import { findDuplicates, findNearDuplicates, normaliseForDuplicates, placeItems } from './duplicates';
import { emojiProblems } from './emoji';
import { findSameIdeas, readSameIdea, type SameIdeaGroups, sameIdeaListProblems } from './same-idea';

/**
 * The content check (docs/content.md#the-check): pure rules over parsed content files. The loader refuses to start
 * on any problem of `checkContent`; the content tests and `npm run content:check` also run `checkLibrary` (the whole
 * library's rules) and print the counts and figures.
 */

export type ContentFiles = { file: string; content: ContentFile }[];

/** Every level holds at least this many items. */
export const MIN_LEVEL_ITEMS = 10;
/** Within a category the largest level holds at most this much more than the smallest (0.2: 12 against 10). */
export const LEVEL_BALANCE = 0.2;
/** The library's promise: the preview says "1500+". */
export const MIN_LIBRARY_ITEMS = 1500;
/**
 * The quiz tell: among Couple Quiz trivia items, the share whose correct answer is strictly the longest option may be
 * at most this. Above it, "pick the longest" wins without reading (with four options, chance is 25%).
 */
export const QUIZ_TELL_MAX = 0.35;
/** At most this share of the questions open with "What" ("What's" included): a session of them reads as a form. */
export const WHAT_OPENERS_MAX = 0.4;
/** At most this share of Would You Rather items open both sides with the same `SAME_OPENING_WORDS` words. */
export const SAME_OPENING_MAX = 0.2;
export const SAME_OPENING_WORDS = 3;

/**
 * Shared home (docs/content.md#shared-home): questions and dilemmas do not assume the couple lives together (the
 * voice: couples of any kind). Phrases matched as whole words once folded as for duplicates (case, punctuation, apostrophes); "home"
 * alone is fine ("at home", "your childhood home"), as are "a home we share one day" and "your place or mine".
 */
export const SHARED_HOME_PHRASES = [
  'our home',
  'our place',
  'our apartment',
  'our flat',
  'our house',
  'our bedroom',
  'our bed',
  'our kitchen',
  'our living room',
  'our couch',
  'our sofa',
  'our fridge',
  'our bathroom',
  'our front door',
  'our garden',
  'our backyard',
  'our balcony',
  'our neighbors',
  'our neighbours',
  'our landlord',
  'our rent',
  'our lease',
  'our household',
  'our chores',
  'at home together',
  'moved in together',
  'since we moved in',
];

/**
 * Words of the deep themes (feelings, fears, trust, family, the past and the future) for the tone signal of the two
 * conversational activities: a category's last level touches them in a larger share of its items than its first.
 */
const DEEP_WORDS = new Set(
  (
    'feel feeling feelings felt fear fears afraid scared hurt vulnerable trust regret forgive forgiveness lonely alone grief lose lost loss die ' +
    'death hard difficult proud shame ashamed insecure insecurity safe safety value values meaning purpose heal healing cry cried worry worried ' +
    'honest honesty truth need needs wish hope promise change sacrifice forever legacy remember memory kid child childhood parent parents family past future life'
  ).split(' '),
);

const placeOf = (file: string, level?: number, item?: number) => `${file}${level === undefined ? '' : ` (level ${level}${item === undefined ? '' : `, item ${item}`})`}`;

/** Slugs and positions are unique within a game: a slug names the category, a position orders its card. */
function checkFiles(files: ContentFiles): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const { file, content } of files) {
    for (const key of [`${content.game} slug '${content.slug}'`, `${content.game} position ${content.position}`]) {
      const first = seen.get(key);
      if (first) problems.push(`same ${key.replace(`${content.game} `, '')} in one game: ${first} and ${file}`);
      else seen.set(key, file);
    }
  }
  return problems;
}

/** At least `MIN_LEVEL_ITEMS` a level; a category's levels within `LEVEL_BALANCE` of each other. */
function checkBalance(files: ContentFiles): string[] {
  const problems: string[] = [];
  for (const { file, content } of files) {
    const sizes = content.levels.map((l) => l.items.length);
    content.levels.forEach((l) => {
      if (l.items.length < MIN_LEVEL_ITEMS) problems.push(`${placeOf(file, l.number)}: ${l.items.length} items, fewer than ${MIN_LEVEL_ITEMS}`);
    });
    const [min, max] = [Math.min(...sizes), Math.max(...sizes)];
    if (max > min * (1 + LEVEL_BALANCE)) problems.push(`${file}: levels unbalanced (${sizes.join(' / ')} items; the largest may be at most ${Math.round(LEVEL_BALANCE * 100)}% above the smallest)`);
  }
  return problems;
}

/** The share of a level's items that touch a deep theme (see `DEEP_WORDS`), read in the game's `tone` text; 0 without one. */
export function deepShare(game: GameType, items: unknown[]): number {
  const text = definitionOf(game).content.tone;
  if (!text) return 0;
  const deep = (items as Record<string, unknown>[]).filter((i) => normaliseForDuplicates(text(i)).split(' ').some((w) => DEEP_WORDS.has(w)));
  return items.length ? deep.length / items.length : 0;
}

/**
 * Light to deep: every level declares its `depth`, light, deeper, deepest in level order; for the games with a `tone`
 * (questions and Would You Rather) the last level touches deep themes in more of its items than the first.
 */
function checkDepth(files: ContentFiles): string[] {
  const problems: string[] = [];
  for (const { file, content } of files) {
    content.levels.forEach((level, i) => {
      const expected = LEVEL_DEPTHS[i];
      if (!expected) problems.push(`${placeOf(file, level.number)}: a category has at most ${LEVEL_DEPTHS.length} levels (${LEVEL_DEPTHS.join(', ')})`);
      else if (level.depth !== expected) problems.push(`${placeOf(file, level.number)}: depth is ${level.depth ? `'${level.depth}'` : 'missing'}, expected '${expected}' (levels go ${LEVEL_DEPTHS.join(', ')})`);
    });
    if (definitionOf(content.game).content.tone && content.levels.length > 1) {
      const first = deepShare(content.game, content.levels[0].items);
      const last = deepShare(content.game, content.levels.at(-1)!.items);
      if (last <= first) problems.push(`${file}: the last level touches deep themes in ${Math.round(last * 100)}% of its items, no more than the first (${Math.round(first * 100)}%)`);
    }
  }
  return problems;
}

/** The tools a game's own item rules are given. */
const tools: ContentTools = { normalise: normaliseForDuplicates, emojiProblems };

/** Per item, the game's own rules (`content.problems`): a quiz's options, a dilemma's two sides, a film's emoji. */
function checkItems(files: ContentFiles): string[] {
  const problems: string[] = [];
  for (const { file, content } of files) {
    const ofItem = definitionOf(content.game).content.problems;
    if (!ofItem) continue;
    content.levels.forEach((level) =>
      (level.items as Record<string, unknown>[]).forEach((item, i) => {
        for (const p of ofItem(item, tools)) problems.push(`${placeOf(file, level.number, i + 1)}: ${p}`);
      }),
    );
  }
  return problems;
}

/** Each conversational item with its place, its words (a dilemma's two sides together) and its name in a report. */
function conversationItems(files: ContentFiles): { where: string; text: string; name: string }[] {
  return files.flatMap(({ file, content }) => {
    const { tone, identity } = definitionOf(content.game).content;
    if (!tone) return [];
    return content.levels.flatMap((level) =>
      (level.items as Record<string, unknown>[]).map((item, i) => ({ where: placeOf(file, level.number, i + 1), text: tone(item), name: identity(item) })),
    );
  });
}

/** The first `SHARED_HOME_PHRASES` phrase a text uses, if any. */
export function sharedHomePhrase(text: string): string | undefined {
  const words = ` ${foldWords(text)} `;
  return SHARED_HOME_PHRASES.find((phrase) => words.includes(` ${foldWords(phrase)} `));
}

/** Shared home: the conversational items (those with a `tone`: questions and dilemmas) it checked, and those that assume the couple lives together. */
export function sharedHome(files: ContentFiles): { checked: number; found: string[] } {
  const items = conversationItems(files);
  const found = items.flatMap(({ where, text, name }) => {
    const phrase = sharedHomePhrase(text);
    return phrase ? [`${where}: assumes a shared home ('${phrase}'): ${name}`] : [];
  });
  return { checked: items.length, found };
}

/** Couple Quiz: a level holds trivia (with a `correct_answer`) or predictions (`kind: "predict"`), never both. */
function checkQuizKinds(files: ContentFiles): string[] {
  const problems: string[] = [];
  for (const { file, content } of files) {
    if (content.game !== 'couple_quiz') continue;
    for (const level of content.levels) {
      const predictions = (level.items as Record<string, unknown>[]).flatMap((item, i) => (item.kind === 'predict' ? [i + 1] : []));
      if (predictions.length && predictions.length < level.items.length) {
        problems.push(
          `${placeOf(file, level.number)}: mixes prediction items (kind "predict": item${predictions.length === 1 ? '' : 's'} ${predictions.join(', ')}) with ${level.items.length - predictions.length} trivia item${level.items.length - predictions.length === 1 ? '' : 's'}; a level is one or the other`,
        );
      }
    }
  }
  return problems;
}

/** Everything the check finds in a set of content files, each problem naming its file, level and item. */
export function checkContent(files: ContentFiles): string[] {
  const items = placeItems(files);
  return [
    ...checkFiles(files),
    ...checkBalance(files),
    ...checkDepth(files),
    ...checkItems(files),
    ...checkQuizKinds(files),
    ...sharedHome(files).found,
    ...findDuplicates(items).map((d) => `duplicate: ${d}`),
    ...findNearDuplicates(items).map((p) => `near-duplicate (${p.kind} ${p.score.toFixed(2)}): ${p.a} ≈ ${p.b}`),
  ];
}

export type ContentCounts = {
  total: number;
  games: { game: GameType; total: number; categories: { file: string; slug: string; total: number; levels: number[] }[] }[];
};

/** Items per activity, per category and per level. */
export function countContent(files: ContentFiles): ContentCounts {
  const games = GAME_TYPES.map((game) => {
    const categories = files
      .filter((f) => f.content.game === game)
      .sort((a, b) => a.content.position - b.content.position)
      .map(({ file, content }) => {
        const levels = content.levels.map((l) => l.items.length);
        return { file, slug: content.slug, total: levels.reduce((a, b) => a + b, 0), levels };
      });
    return { game, total: categories.reduce((a, c) => a + c.total, 0), categories };
  });
  return { total: games.reduce((a, g) => a + g.total, 0), games };
}

/** The counts as lines: the total, then each activity and its categories with their levels' counts. */
export function formatCounts(counts: ContentCounts): string[] {
  return [
    `${counts.total} items in ${counts.games.reduce((a, g) => a + g.categories.length, 0)} categories`,
    ...counts.games.flatMap((g) => [
      `  ${g.game}: ${g.total} items in ${g.categories.length} categories`,
      ...g.categories.map((c) => `    ${c.slug}: ${c.total} (levels: ${c.levels.join(' / ')})`),
    ]),
  ];
}

/** A share as a percentage with one decimal: "44.8%". */
const percent = (share: number) => `${(Math.round(share * 1000) / 10).toFixed(1)}%`;
const shareOf = (part: number, whole: number) => (whole ? part / whole : 0);

/** The items of one game, across its files. */
const itemsOf = (files: ContentFiles, game: GameType) => files.filter((f) => f.content.game === game).flatMap((f) => f.content.levels.flatMap((l) => l.items as Record<string, unknown>[]));

/**
 * The quiz tell: of the Couple Quiz trivia items (those with a `correct_answer`), how many have the correct answer as
 * strictly the longest option (more characters than every other), and how many as the longest or tied for it.
 */
export function quizTell(files: ContentFiles): { items: number; strict: number; ties: number } {
  const length = (text: string) => Array.from(text.trim()).length;
  let items = 0;
  let strict = 0;
  let ties = 0;
  for (const item of itemsOf(files, 'couple_quiz')) {
    if (typeof item.correct_answer !== 'string' || !Array.isArray(item.options)) continue;
    const correct = item.correct_answer.trim().toLowerCase();
    const options = item.options as string[];
    const others = options.filter((o) => o.trim().toLowerCase() !== correct).map(length);
    const own = length(options.find((o) => o.trim().toLowerCase() === correct) ?? item.correct_answer);
    items++;
    if (others.every((n) => own > n)) strict++;
    if (others.every((n) => own >= n)) ties++;
  }
  return { items, strict, ties };
}

/** The first `n` words of a text, folded ("What's" → "whats"). */
const firstWords = (text: string, n: number) => foldWords(text).split(' ').slice(0, n).join(' ');

/** Questions that open with "What" or "What's", of all the questions. */
export function whatOpeners(files: ContentFiles): { items: number; what: number } {
  const texts = itemsOf(files, 'questions').map((i) => String(i.text));
  return { items: texts.length, what: texts.filter((t) => ['what', 'whats'].includes(firstWords(t, 1))).length };
}

/** Would You Rather items whose two sides open with the same `SAME_OPENING_WORDS` words ("Eat your way…" / "Eat your way…"). */
export function sameOpenings(files: ContentFiles): { items: number; same: number } {
  const items = itemsOf(files, 'would_you_rather');
  return {
    items: items.length,
    same: items.filter((i) => firstWords(String(i.option_a), SAME_OPENING_WORDS) === firstWords(String(i.option_b), SAME_OPENING_WORDS)).length,
  };
}

/** The library's figures as lines for `npm run content:check`: the shares the library rules bound and what the item rules checked. */
export function formatFigures(files: ContentFiles, sameIdea: SameIdeaGroups = readSameIdea()): string[] {
  const tell = quizTell(files);
  const what = whatOpeners(files);
  const openings = sameOpenings(files);
  const home = sharedHome(files);
  const ideas = findSameIdeas(placeItems(files), sameIdea);
  return [
    'Figures:',
    `  quiz tell: the correct answer is strictly the longest option in ${percent(shareOf(tell.strict, tell.items))} of ${tell.items} trivia items (${tell.strict}; at most ${percent(QUIZ_TELL_MAX)}), the longest or tied for it in ${percent(shareOf(tell.ties, tell.items))} (${tell.ties})`,
    `  questions opening with "What": ${percent(shareOf(what.what, what.items))} of ${what.items} (${what.what}; at most ${percent(WHAT_OPENERS_MAX)})`,
    `  Would You Rather items whose sides open with the same ${SAME_OPENING_WORDS} words: ${percent(shareOf(openings.same, openings.items))} of ${openings.items} (${openings.same}; at most ${percent(SAME_OPENING_MAX)})`,
    `  shared home: ${home.checked} questions and dilemmas checked against ${SHARED_HOME_PHRASES.length} phrases, ${home.found.length} assume the couple lives together`,
    `  same idea, other words: ${sameIdea.length} groups checked (same-idea.json), ${ideas.length} with two wordings in the library`,
  ];
}

export type LibraryOptions = { minItems?: number; sameIdea?: SameIdeaGroups };

/**
 * The rules of the whole library, beyond those of its files: every activity is there with a free level, the total
 * keeps the preview's promise, the shares of the quiz tell and of repeated openers stay under their ceilings, and no
 * two wordings of one reviewed same-idea group are in it. The tests and `npm run content:check` run them, not the
 * loader: a share means little in a test's small fixture, and the same-idea list lives beside this file.
 */
export function checkLibrary(files: ContentFiles, { minItems = MIN_LIBRARY_ITEMS, sameIdea = readSameIdea() }: LibraryOptions = {}): string[] {
  const problems: string[] = [];
  for (const game of GAME_TYPES) {
    const ofGame = files.filter((f) => f.content.game === game);
    if (!ofGame.length) problems.push(`no content for ${game}`);
    else if (!ofGame.some((f) => f.content.levels.some((l) => l.free))) problems.push(`no free level in ${game}`);
  }
  const { total } = countContent(files);
  if (total < minItems) problems.push(`${total} items in the library, fewer than ${minItems}`);

  const tell = quizTell(files);
  if (shareOf(tell.strict, tell.items) > QUIZ_TELL_MAX) {
    problems.push(
      `quiz tell: the correct answer is strictly the longest option in ${percent(shareOf(tell.strict, tell.items))} of the Couple Quiz trivia items (${tell.strict} of ${tell.items}), more than ${percent(QUIZ_TELL_MAX)}: make a wrong option the longest, or the right one shorter`,
    );
  }
  const what = whatOpeners(files);
  if (shareOf(what.what, what.items) > WHAT_OPENERS_MAX) {
    problems.push(`openers: ${percent(shareOf(what.what, what.items))} of the questions open with "What" (${what.what} of ${what.items}), more than ${percent(WHAT_OPENERS_MAX)}`);
  }
  const openings = sameOpenings(files);
  if (shareOf(openings.same, openings.items) > SAME_OPENING_MAX) {
    problems.push(
      `openers: ${percent(shareOf(openings.same, openings.items))} of the Would You Rather items open both sides with the same ${SAME_OPENING_WORDS} words (${openings.same} of ${openings.items}), more than ${percent(SAME_OPENING_MAX)}`,
    );
  }
  problems.push(...sameIdeaListProblems(sameIdea), ...findSameIdeas(placeItems(files), sameIdea));
  return problems;
}
