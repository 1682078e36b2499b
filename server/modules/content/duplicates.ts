import { foldWords } from '@core/answer-match';
import { definitionOf } from '@core/game-definitions';
import type { ContentFile, GameType } from '@core/games';

/** One item with where it stands: "questions/memories.json (level 2, item 4)". */
export type PlacedItem = { game: GameType; where: string; item: Record<string, unknown> };

/** What the check asks of a game's items: its definition's `content` (core/game-definitions.ts). */
const rulesOf = (game: GameType) => definitionOf(game).content;

const ARTICLES = /\b(a|an|the)\b/g;

/** Case, punctuation, diacritics, spacing, '&' for 'and' and the articles a/an/the do not make two items different. */
export const normaliseForDuplicates = (text: string) => foldWords(text).replace(ARTICLES, ' ').replace(/\s+/g, ' ').trim();

/** Every item of every file with its place, in file, level and item order. */
export function placeItems(files: { file: string; content: ContentFile }[]): PlacedItem[] {
  return files.flatMap(({ file, content }) =>
    content.levels.flatMap((level) =>
      (level.items as Record<string, unknown>[]).map((item, i) => ({ game: content.game, where: `${file} (level ${level.number}, item ${i + 1})`, item })),
    ),
  );
}

/**
 * Items of one game that are the same once normalised, within a file or across files, as "place: text ≈ place: text":
 * by the game's `identity`, and its `sameAs` (a film's alternate titles and its emoji sequence).
 */
export function findDuplicates(items: PlacedItem[]): string[] {
  const seen = new Map<string, string>();
  const found: string[] = [];
  for (const { game, where, item } of items) {
    const rules = rulesOf(game);
    const text = rules.identity(item);
    const keys = [normaliseForDuplicates(text)];
    const same = rules.sameAs?.(item);
    if (same) keys.push(...same.names.map(normaliseForDuplicates), ...(same.emoji === undefined ? [] : [`emoji:${same.emoji.replace(/\uFE0F/g, '')}`]));
    const here = `${where}: ${text}`;
    const reported = new Set<string>();
    for (const key of new Set(keys)) {
      const first = seen.get(`${game}:${key}`);
      if (first && !reported.has(first)) {
        found.push(`${first} ≈ ${here}`);
        reported.add(first);
      } else if (!first) seen.set(`${game}:${key}`, here);
    }
  }
  return found;
}

/**
 * Words that carry no topic: articles, pronouns, auxiliaries, the most common prepositions and the game's own frame
 * ("would you rather", "what is your"). Two items share these without being alike.
 */
const STOP_WORDS = new Set(
  (
    'a an the and or but of to in on at for with from by as into about ' +
    'i me my mine we us our ours you your yours he she they them their it its this that these those ' +
    'is are was were be been being am do does did have has had will would could should can may might ' +
    'what which who whom whose when where why how if than then so not no there here ' +
    'one ever every some any more most very just really also too each other ' +
    // Contractions, as normalised ("what's" → "whats").
    'whats thats theres hows whos youd youre youve youll id im ive ill wed weve well theyd theyre dont doesnt didnt isnt wont cant lets ' +
    // The games' own frame: every question asks what you feel or love, every dilemma has or gets something for a partner.
    'thing something anything everything way like feel make get go want love partner always'
  ).split(' '),
);

/** The topic words of a text: normalised as for duplicates, stop words dropped, a plural or possessive 's' set aside. */
export function topicWords(text: string): Set<string> {
  return new Set(
    normaliseForDuplicates(text)
      .split(' ')
      .filter((w) => w && !STOP_WORDS.has(w))
      .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w)),
  );
}

/** Two items that share fewer topic words or emoji than this are not near-duplicates, whatever their sizes. */
export const NEAR_DUPLICATE_MIN_SHARED = 2;

/** Jaccard similarity of two sets: shared elements over all elements, 0 to 1; 0 when they share fewer than `minShared`. */
export function jaccard(a: Set<string>, b: Set<string>, minShared = 1): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared && shared >= minShared ? shared / (a.size + b.size - shared) : 0;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The emoji of a sequence as a set, VS16 set aside (🏎️ and 🏎 are one emoji). */
export const emojiSet = (sequence: string) => new Set(Array.from(graphemes.segment(sequence.replace(/\uFE0F/g, '')), (g) => g.segment));

/**
 * A film title shorter than this (in topic words) is judged only as an exact duplicate: "Toy Story" and "Toy Story 3",
 * "Spider-Man" and "Spider-Man: Into the Spider-Verse" are different films.
 */
export const TITLE_MIN_WORDS = 3;

/**
 * What is compared for near-duplicates, each as a set, as the game's `near` names it: the question; both options of a
 * dilemma together; the quiz question; a film's emoji (two films with nearly the same clue) and its title when long
 * enough (one film twice under two names).
 */
function compared(game: GameType, item: Record<string, unknown>): { kind: string; set: Set<string> }[] {
  return rulesOf(game)
    .near(item)
    .flatMap(({ kind, text }): { kind: string; set: Set<string> }[] => {
      if (kind === 'emoji') return [{ kind, set: emojiSet(text) }];
      const set = topicWords(text);
      return kind === 'title' && set.size < TITLE_MIN_WORDS ? [] : [{ kind, set }];
    });
}

/**
 * A pair whose sets overlap this much (Jaccard) is a near-duplicate: docs/content.md#near-duplicates gives the numbers
 * behind it. There is no list of exceptions: rewrite one side.
 */
export const NEAR_DUPLICATE_THRESHOLD = 0.5;

export type SimilarPair = { score: number; kind: string; a: string; b: string };

/** Pairs of items of one game, within or across files, whose compared sets overlap at least `threshold`, most alike first. */
export function findNearDuplicates(items: PlacedItem[], threshold = NEAR_DUPLICATE_THRESHOLD): SimilarPair[] {
  const units = items.flatMap(({ game, where, item }, index) =>
    compared(game, item).map(({ kind, set }) => ({ index, key: `${game}:${kind}`, kind, label: `${where}: ${rulesOf(game).identity(item)}`, set })),
  );
  // Only sets that share an element can be alike: index them by element instead of comparing every pair.
  const byElement = new Map<string, number[]>();
  units.forEach((u, i) => {
    for (const e of u.set) {
      const key = `${u.key}:${e}`;
      const list = byElement.get(key);
      if (list) list.push(i);
      else byElement.set(key, [i]);
    }
  });
  const best = new Map<string, SimilarPair>();
  units.forEach((u, i) => {
    const candidates = new Set<number>();
    for (const e of u.set) for (const j of byElement.get(`${u.key}:${e}`) ?? []) if (j > i) candidates.add(j);
    for (const j of candidates) {
      const v = units[j];
      if (v.index === u.index) continue;
      const score = jaccard(u.set, v.set, NEAR_DUPLICATE_MIN_SHARED);
      const pair = `${u.index}:${v.index}`;
      if (score >= threshold && score > (best.get(pair)?.score ?? -1)) best.set(pair, { score, kind: u.kind, a: u.label, b: v.label });
    }
  });
  return [...best.values()].sort((x, y) => y.score - x.score);
}
