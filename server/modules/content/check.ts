import { type ContentTools, definitionOf } from '@core/game-definitions';
import { type ContentFile, GAME_TYPES, type GameType, LEVEL_DEPTHS } from '@core/games';
import { findDuplicates, findNearDuplicates, normaliseForDuplicates, placeItems } from './duplicates';
import { emojiProblems } from './emoji';

/**
 * The content check (docs/content.md#the-check): pure rules over parsed content files. The loader refuses to start
 * on any problem; `npm run content:check` and the content tests print the counts.
 */

export type ContentFiles = { file: string; content: ContentFile }[];

/** Every level holds at least this many items. */
export const MIN_LEVEL_ITEMS = 10;
/** Within a category the largest level holds at most this much more than the smallest (0.2: 12 against 10). */
export const LEVEL_BALANCE = 0.2;
/** The library's promise: the preview says "1500+". */
export const MIN_LIBRARY_ITEMS = 1500;

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

/** Everything the check finds in a set of content files, each problem naming its file, level and item. */
export function checkContent(files: ContentFiles): string[] {
  const items = placeItems(files);
  return [
    ...checkFiles(files),
    ...checkBalance(files),
    ...checkDepth(files),
    ...checkItems(files),
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

/**
 * The rules of the whole library, beyond those of its files: every activity is there with a free level, and the total
 * keeps the preview's promise.
 */
export function checkLibrary(files: ContentFiles, minItems = MIN_LIBRARY_ITEMS): string[] {
  const problems: string[] = [];
  for (const game of GAME_TYPES) {
    const ofGame = files.filter((f) => f.content.game === game);
    if (!ofGame.length) problems.push(`no content for ${game}`);
    else if (!ofGame.some((f) => f.content.levels.some((l) => l.free))) problems.push(`no free level in ${game}`);
  }
  const { total } = countContent(files);
  if (total < minItems) problems.push(`${total} items in the library, fewer than ${minItems}`);
  return problems;
}
