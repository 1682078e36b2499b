import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEVEL_DEPTHS } from '@core/games';
import { createTestDatabase } from '../../../test/database';
import type { Database } from '../../db/client';
import { categories, items, levels } from '../../db/schema';
import { projectRoot } from '../../paths';
import {
  checkLibrary,
  countContent,
  formatCounts,
  formatFigures,
  MIN_LIBRARY_ITEMS,
  QUIZ_TELL_MAX,
  quizTell,
  SAME_OPENING_MAX,
  sameOpenings,
  sharedHome,
  WHAT_OPENERS_MAX,
  whatOpeners,
} from './check';
import { ContentError, contentDir, loadContent, readContent } from './loader';
import { readContentFiles, relativeTo } from './read';
import { readSameIdea } from './same-idea';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('the content library', () => {
  it('passes the content check, with every activity, a free level in each and at least 1,500 items; prints the counts and figures', () => {
    const files = relativeTo(contentDir, readContent());
    const counts = countContent(files);
    process.stdout.write(`Content library:\n${formatCounts(counts).join('\n')}\n${formatFigures(files).join('\n')}\n`);
    expect(checkLibrary(files)).toEqual([]);
    expect(counts.total).toBeGreaterThanOrEqual(MIN_LIBRARY_ITEMS);
  });

  it('keeps its figures under their ceilings: the quiz tell, "What" openers, same-opening dilemmas; nothing assumes a shared home', () => {
    const files = relativeTo(contentDir, readContentFiles());
    const tell = quizTell(files);
    expect(tell.items).toBeGreaterThan(0);
    expect(tell.strict / tell.items, 'quiz tell').toBeLessThanOrEqual(QUIZ_TELL_MAX);
    const what = whatOpeners(files);
    expect(what.what / what.items, '"What" openers').toBeLessThanOrEqual(WHAT_OPENERS_MAX);
    const openings = sameOpenings(files);
    expect(openings.same / openings.items, 'same-opening dilemmas').toBeLessThanOrEqual(SAME_OPENING_MAX);
    expect(sharedHome(files).found).toEqual([]);
  });

  it('holds at least as many items as the preview promises ("1500+")', () => {
    const claims = ['web/features/preview/report/signup-cta.tsx', 'web/features/preview/report/report-step.tsx'].flatMap((file) =>
      Array.from(readFileSync(path.join(projectRoot, file), 'utf8').matchAll(/(\d[\d,]*)\+/g), (m) => ({ file, promised: Number(m[1].replace(/,/g, '')) })),
    );
    expect(claims.length, 'a "N+" claim in each file').toBeGreaterThanOrEqual(2);
    const { total } = countContent(relativeTo(contentDir, readContent()));
    for (const { file, promised } of claims) expect(total, `${file} promises ${promised}+`).toBeGreaterThanOrEqual(promised);
  });
});

/** A content folder of its own for one test, and a writer of category files into it. */
function fixtureDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'content-'));
  const write = (game: string, slug: string, levelItems: unknown[][], extra: Record<string, unknown> = {}) => {
    mkdirSync(path.join(dir, game), { recursive: true });
    const file = {
      game,
      slug,
      name: slug,
      description: 'D',
      position: 1,
      levels: levelItems.map((items, i) => ({ number: i + 1, name: `L${i + 1}`, description: 'D', depth: LEVEL_DEPTHS[i], items })),
      ...extra,
    };
    writeFileSync(path.join(dir, game, `${slug}.json`), JSON.stringify(file));
  };
  return { dir, write };
}

/** `n` questions that share no topic words; `deep` ones touch a deep theme (the last level must, more than the first). */
const questions = (prefix: string, n: number, deep = false) => Array.from({ length: n }, (_, i) => ({ text: `What about ${prefix}${i}x and ${prefix}${i}y${deep ? ' you fear' : ''}?` }));
/** Three levels of ten questions, light to deep. */
const category = (prefix: string) => [questions(`${prefix}a`, 10), questions(`${prefix}b`, 10), questions(`${prefix}c`, 10, true)];

const quizItem = (i: number, overrides: Record<string, unknown> = {}) => ({
  question: `Which quiz${i} answer${i}?`,
  options: [`Yes${i}`, `No${i}`, `Maybe${i}`],
  correct_answer: `Yes${i}`,
  explanation: `Because${i}.`,
  ...overrides,
});
const quizLevel = (from: number) => Array.from({ length: 10 }, (_, i) => quizItem(from + i));

/** Film `i`'s emoji: two animals no other fixture film uses (U+1F400 onward, all shown as emoji by default). */
const animals = (i: number) => String.fromCodePoint(0x1f400 + 2 * i, 0x1f401 + 2 * i);
const emojiItem = (i: number, overrides: Record<string, unknown> = {}) => ({ emoji_sequence: animals(i), movie_title: `Film ${i}`, ...overrides });
/** Three levels of ten films. */
const emojiLevels = () => [0, 10, 20].map((from) => Array.from({ length: 10 }, (_, i) => emojiItem(from + i)));
/** The check's problems for three levels of films with some planted: [level index, item index, item]. */
const withFilms = (plants: [number, number, Record<string, unknown>][]) => {
  const { dir, write } = fixtureDir();
  const levels: Record<string, unknown>[][] = emojiLevels();
  for (const [level, index, item] of plants) levels[level][index] = item;
  write('emoji_movie', 'films', levels);
  return problemsIn(dir);
};

/** What the check says about a fixture folder: its problems, one a line, or '' when it passes. */
const problemsIn = (dir: string) => {
  try {
    readContent(dir);
    return '';
  } catch (err) {
    if (err instanceof ContentError) return err.message;
    throw err;
  }
};

describe('the content check, run by the loader on every start', () => {
  it('passes a well-formed category', () => {
    const { dir, write } = fixtureDir();
    write('questions', 'one', category('q'));
    write('couple_quiz', 'quiz', [quizLevel(0), quizLevel(10), quizLevel(20)]);
    expect(problemsIn(dir)).toBe('');
  });

  it('names the file and the field of an invalid item', () => {
    const { dir, write } = fixtureDir();
    write('would_you_rather', 'bad', [[{ option_a: 'only one' }]]);
    expect(() => readContent(dir)).toThrow(ContentError);
    expect(() => readContent(dir)).toThrow(/bad\.json: levels\.0\.items\.0/);
  });

  it('refuses a planted duplicate, within or across files, once case, punctuation, spacing, diacritics and articles are set aside', () => {
    const { dir, write } = fixtureDir();
    const one = category('q');
    one[0][0] = { text: 'What made you smile today at the café?' };
    write('questions', 'one', one);
    const two = category('r');
    two[1][4] = { text: 'what made you SMILE  today at a cafe' };
    write('questions', 'two', two, { position: 2 });
    expect(problemsIn(dir)).toContain(
      'duplicate: questions/one.json (level 1, item 1): What made you smile today at the café? ≈ questions/two.json (level 2, item 5): what made you SMILE  today at a cafe',
    );
  });

  it('refuses a planted near-duplicate and lists the pair with its similarity', () => {
    const { dir, write } = fixtureDir();
    const one = category('q');
    one[0][2] = { text: 'Which holiday tradition from your childhood would you bring into our home?' };
    one[2][6] = { text: 'Which holiday tradition from your childhood would you like to keep in our home?' };
    write('questions', 'one', one);
    expect(problemsIn(dir)).toMatch(
      /near-duplicate \(words 0\.\d\d\): questions\/one\.json \(level 1, item 3\): Which holiday tradition .* ≈ questions\/one\.json \(level 3, item 7\): Which holiday tradition/,
    );
  });

  it('refuses one film under two of its titles, and two films with nearly the same emoji', () => {
    const problems = withFilms([
      [0, 0, { emoji_sequence: '🦁👑🌅', movie_title: 'The Lion King' }],
      [1, 0, { emoji_sequence: '🐗🐒🎶', movie_title: 'Der König der Löwen', alternate_titles: ['Lion King'] }],
      [2, 0, { emoji_sequence: '🦈🌊🚤🎣', movie_title: 'Jaws' }],
      [2, 1, { emoji_sequence: '🦈🌊🚤🏖️', movie_title: 'Jaws 2' }],
    ]);
    expect(problems).toContain('duplicate: emoji_movie/films.json (level 1, item 1): The Lion King ≈ emoji_movie/films.json (level 2, item 1): Der König der Löwen');
    expect(problems).toContain('near-duplicate (emoji 0.60): emoji_movie/films.json (level 3, item 1): Jaws ≈ emoji_movie/films.json (level 3, item 2): Jaws 2');
  });

  it('refuses a level of fewer than 10 items, and levels out of balance', () => {
    const { dir, write } = fixtureDir();
    const short = category('q');
    short[1] = short[1].slice(0, 9);
    write('questions', 'short', short);
    const uneven = category('r');
    uneven[2] = questions('rc', 13, true);
    write('questions', 'uneven', uneven, { position: 2 });
    const problems = problemsIn(dir);
    expect(problems).toContain('questions/short.json (level 2): 9 items, fewer than 10');
    expect(problems).toContain('questions/uneven.json: levels unbalanced (10 / 10 / 13 items; the largest may be at most 20% above the smallest)');
  });

  it('refuses levels that do not go light to deep', () => {
    const { dir, write } = fixtureDir();
    write('questions', 'flat', [questions('a', 10, true), questions('b', 10), questions('c', 10, true)]);
    write('couple_quiz', 'undeclared', [], { levels: [{ number: 1, name: 'L', description: 'D', items: quizLevel(0) }] });
    const problems = problemsIn(dir);
    expect(problems).toContain('questions/flat.json: the last level touches deep themes in 100% of its items, no more than the first (100%)');
    expect(problems).toContain("couple_quiz/undeclared.json (level 1): depth is missing, expected 'light'");
  });

  it('refuses a bad emoji: newer than Emoji 13.1, text-style without VS16, a letter', () => {
    const problems = withFilms([
      [0, 1, emojiItem(1, { emoji_sequence: '🫠🌊' })],
      [1, 2, emojiItem(7, { emoji_sequence: '✈🏝️' })],
      [2, 3, emojiItem(13, { emoji_sequence: '🐘X🎪' })],
    ]);
    expect(problems).toContain('emoji_movie/films.json (level 1, item 2): 🫠🌊 (Film 1): U+1FAE0 🫠 is not an emoji of Emoji 13.1');
    expect(problems).toContain('emoji_movie/films.json (level 2, item 3): ✈🏝️ (Film 7): U+2708 ✈ shows as text without VS16 (U+FE0F) after it');
    expect(problems).toContain("emoji_movie/films.json (level 3, item 4): 🐘X🎪 (Film 13): plain letters ('X')");
  });

  it('refuses an emoji item that reveals its answer in plain text', () => {
    const problems = withFilms([
      [0, 0, { emoji_sequence: '🎈🏠🆙', movie_title: 'Up' }],
      [1, 0, { emoji_sequence: '4️⃣🔥🪨', movie_title: 'Fantastic Four' }],
    ]);
    expect(problems).toContain("emoji_movie/films.json (level 1, item 1): 🎈🏠🆙 (Up): reveals 'up' of the title in plain text");
    expect(problems).toContain("emoji_movie/films.json (level 2, item 1): 4️⃣🔥🪨 (Fantastic Four): reveals '4' of the title in plain text");
  });

  it('refuses a quiz item with options that repeat each other, no explanation, or more than four options', () => {
    const { dir, write } = fixtureDir();
    const levels = [quizLevel(0), quizLevel(10), quizLevel(20)];
    levels[0][3] = quizItem(3, { options: ['The Beatles', 'Beatles', 'Queen'], correct_answer: 'Queen' });
    levels[1][0] = quizItem(10, { explanation: undefined });
    levels[2][9] = quizItem(29, { options: ['Yes29', 'A', 'B', 'C', 'D'] });
    write('couple_quiz', 'quiz', levels);
    const problems = problemsIn(dir);
    expect(problems).toContain('couple_quiz/quiz.json (level 1, item 4): options repeat each other (The Beatles / Beatles / Queen)');
    expect(problems).toContain('couple_quiz/quiz.json (level 2, item 1): no explanation');
    expect(problems).toContain('couple_quiz/quiz.json (level 3, item 10): 5 options, not 3 or 4');
  });
});

/** The library rules (`checkLibrary`) over a fixture folder: read and parsed, not run through the loader's check. */
const libraryProblems = (dir: string, sameIdea?: string[][]) => checkLibrary(relativeTo(dir, readContentFiles(dir)), { minItems: 0, sameIdea });

/** `n` dilemmas whose two sides open with different words, or, for `same`, with the same three. */
const dilemmas = (prefix: string, n: number, same = false) =>
  Array.from({ length: n }, (_, i) => ({ option_a: `Go to the ${prefix}${i}x park`, option_b: same ? `Go to the ${prefix}${i}y zoo` : `Visit a ${prefix}${i}y zoo` }));

describe('the content check on shared homes and quiz levels, run by the loader', () => {
  it('refuses a question or a dilemma that assumes the couple lives together, and leaves "home" alone', () => {
    const { dir, write } = fixtureDir();
    const levels = category('q');
    levels[0][1] = { text: 'Where is the coziest spot in our home right now?' };
    levels[1][2] = { text: 'What did home feel like when you were a kid?' };
    levels[2][3] = { text: "Which spot at your place or mine do you feel safe in, and which would you change?" };
    write('questions', 'home', levels);
    const wyr = [dilemmas('a', 10), dilemmas('b', 10), dilemmas('c', 10)];
    wyr[0][4] = { option_a: 'Repaint our living room together', option_b: 'Plant a garden together' };
    write('would_you_rather', 'wyr', wyr);
    const problems = problemsIn(dir);
    expect(problems).toContain("questions/home.json (level 1, item 2): assumes a shared home ('our home'): Where is the coziest spot in our home right now?");
    expect(problems).toContain("would_you_rather/wyr.json (level 1, item 5): assumes a shared home ('our living room'): Plant a garden together / Repaint our living room together");
    expect(problems).not.toContain('questions/home.json (level 2, item 3)');
    expect(problems).not.toContain('questions/home.json (level 3, item 4)');
  });

  it('refuses a quiz level that mixes prediction items with trivia, and passes a level of predictions', () => {
    const { dir, write } = fixtureDir();
    const predict = (i: number) => ({ kind: 'predict', question: `Which would I pick${i}?`, options: [`Tea${i}`, `Coffee${i}`, `Juice${i}`] });
    const mixed: Record<string, unknown>[] = quizLevel(10);
    mixed[2] = predict(12);
    write('couple_quiz', 'quiz', [quizLevel(0), mixed, Array.from({ length: 10 }, (_, i) => predict(20 + i))]);
    const problems = problemsIn(dir);
    expect(problems).toContain('couple_quiz/quiz.json (level 2): mixes prediction items (kind "predict": item 3) with 9 trivia items; a level is one or the other');
    expect(problems).not.toContain('(level 3): mixes');
  });
});

describe('the library rules, run by the tests and npm run content:check', () => {
  it(`refuses a quiz whose correct answer is strictly the longest option in more than ${QUIZ_TELL_MAX * 100}% of its trivia`, () => {
    const { dir, write } = fixtureDir();
    const tell = (i: number) => quizItem(i, { options: [`Yes${i} indeed, the longest`, `No${i}`, `Maybe${i}`], correct_answer: `Yes${i} indeed, the longest` });
    const tie = (i: number) => quizItem(i, { options: [`Yes${i}`, `Nah${i}`, `No${i}`] });
    const levels = [quizLevel(0), quizLevel(10), quizLevel(20)];
    // 10 of 30 strictly longest (33%): passes; one more (37%) does not. Ties count only in the second figure.
    for (let i = 0; i < 10; i++) levels[0][i] = tell(i);
    levels[1][0] = tie(10);
    write('couple_quiz', 'quiz', levels);
    const files = relativeTo(dir, readContentFiles(dir));
    expect(quizTell(files)).toEqual({ items: 30, strict: 10, ties: 11 });
    expect(libraryProblems(dir).join('\n')).not.toContain('quiz tell');
    levels[2][0] = tell(20);
    write('couple_quiz', 'quiz', levels);
    expect(libraryProblems(dir)).toContain(
      'quiz tell: the correct answer is strictly the longest option in 36.7% of the Couple Quiz trivia items (11 of 30), more than 35.0%: make a wrong option the longest, or the right one shorter',
    );
  });

  it(`refuses more than ${WHAT_OPENERS_MAX * 100}% of questions opening with "What", and more than ${SAME_OPENING_MAX * 100}% of dilemmas opening both sides alike`, () => {
    const { dir, write } = fixtureDir();
    // Every fixture question opens "What about…": 100%. Dilemmas: 7 of 30 open both sides "Go to the" (23%).
    write('questions', 'one', category('q'));
    write('would_you_rather', 'wyr', [dilemmas('a', 10), dilemmas('b', 10), [...dilemmas('c', 3), ...dilemmas('d', 7, true)]]);
    let problems = libraryProblems(dir);
    expect(problems).toContain('openers: 100.0% of the questions open with "What" (30 of 30), more than 40.0%');
    expect(problems).toContain('openers: 23.3% of the Would You Rather items open both sides with the same 3 words (7 of 30), more than 20.0%');
    // 12 of 30 "What" (40%) and 6 of 30 alike (20%) pass.
    const varied = category('q').map((level, l) => level.map((item, i) => (l * 10 + i < 12 ? item : { text: item.text.replace(/^What/, 'How') })));
    write('questions', 'one', varied);
    write('would_you_rather', 'wyr', [dilemmas('a', 10), dilemmas('b', 10), [...dilemmas('c', 4), ...dilemmas('d', 6, true)]]);
    problems = libraryProblems(dir);
    expect(problems.join('\n')).not.toContain('openers');
  });

  it('refuses two wordings of one reviewed same-idea group in the library, a dilemma in either order', () => {
    const [first] = readSameIdea();
    const { dir, write } = fixtureDir();
    const levels = category('q');
    levels[0][0] = { text: first[0] };
    levels[2][4] = { text: first[1] };
    write('questions', 'one', levels);
    const wyr = [dilemmas('a', 10), dilemmas('b', 10), dilemmas('c', 10)];
    wyr[1][0] = { option_a: 'Keep every ticket stub', option_b: 'Keep only the best photo' };
    wyr[2][0] = { option_a: 'Toss all but one keepsake', option_b: 'Hold on to every memento' };
    write('would_you_rather', 'wyr', wyr);
    expect(libraryProblems(dir)).toContain(
      `same idea in other words (same-idea.json, group 1): questions/one.json (level 1, item 1): ${first[0]} ≈ questions/one.json (level 3, item 5): ${first[1]}`,
    );
    const groups = [['Keep only the best photo / Keep every ticket stub', 'Hold on to every memento / Toss all but one keepsake'], ['Lonely wording'], ['Twice', 'twice!']];
    const problems = libraryProblems(dir, groups);
    expect(problems).toContain(
      'same idea in other words (same-idea.json, group 1): would_you_rather/wyr.json (level 2, item 1): Keep every ticket stub / Keep only the best photo ≈ would_you_rather/wyr.json (level 3, item 1): Hold on to every memento / Toss all but one keepsake',
    );
    expect(problems).toContain('same-idea.json, group 2: fewer than two wordings');
    expect(problems).toContain('same-idea.json, group 3: "twice!" twice');
  });
});

describe('loadContent', () => {
  it('loads the library once: a second load finds it unchanged and keeps ids', async () => {
    const first = await loadContent(database.db);
    if (first.status !== 'loaded') throw new Error(`expected a load, got ${first.status}`);
    const ids = (await database.db.select({ id: levels.id }).from(levels)).map((r) => r.id).sort();
    expect(await loadContent(database.db)).toEqual({ status: 'unchanged' });
    expect((await database.db.select({ id: levels.id }).from(levels)).map((r) => r.id).sort()).toEqual(ids);
    const [{ n }] = await database.db.select({ n: count() }).from(items);
    expect(n).toBe(first.items);
  });

  it('updates items in place and drops the ones a file no longer has', async () => {
    const { dir, write } = fixtureDir();
    write('questions', 'temp', [questions('t', 12)], { position: 99 });
    await loadContent(database.db, dir);
    write('questions', 'temp', [questions('t', 11)], { position: 99 });
    await loadContent(database.db, dir);
    const [cat] = await database.db.select().from(categories).where(eq(categories.slug, 'temp'));
    const [level] = await database.db.select().from(levels).where(eq(levels.categoryId, cat.id));
    const rows = await database.db.select().from(items).where(eq(items.levelId, level.id)).orderBy(items.position);
    expect(rows.map((r) => r.payload)).toEqual(questions('t', 11));
  });
});
