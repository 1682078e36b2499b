import { describe, expect, it } from 'vitest';
import { MISSING_ANSWER_DATA } from './error-codes';
import { definitionOf, gameDefinitions, verdict } from './game-definitions';
import { CATALOGUE_GAMES, catalogueGameNames, GAME_TYPES } from './games';

describe('game definitions', () => {
  it('exist for every game type', () => {
    for (const game of GAME_TYPES) expect(definitionOf(game).type).toBe(game);
  });

  it("Would You Rather takes 'a' or 'b' and is not scored", () => {
    const wyr = gameDefinitions.would_you_rather;
    expect(wyr.answer.safeParse('a').success).toBe(true);
    expect(wyr.answer.safeParse('b').success).toBe(true);
    for (const bad of ['c', '', 'A', 1, null]) expect(wyr.answer.safeParse(bad).success).toBe(false);
    expect(wyr.answer.safeParse('').error?.issues[0].message).toBe(MISSING_ANSWER_DATA);
    expect(wyr.scored).toBe(false);
    const item = { option_a: 'Tea', option_b: 'Coffee' };
    expect(wyr.redact(item)).toEqual(item);
  });

  it('Emoji Movie matches titles as a player types them, accepts listed alternates, and hides both before answering', () => {
    const emoji = gameDefinitions.emoji_movie;
    const item = { emoji_sequence: '🦁👑', movie_title: 'The Lion King', alternate_titles: ['Il re leone'] };
    expect(emoji.isCorrect(item, '  the lion KING ')).toBe(true);
    expect(emoji.isCorrect(item, 'Lion King!')).toBe(true);
    expect(emoji.isCorrect(item, 'il ré leone')).toBe(true);
    expect(emoji.isCorrect(item, 'The Lion Queen')).toBe(false);
    expect(emoji.redact(item)).toEqual({ emoji_sequence: '🦁👑' });
    expect(emoji.answer.safeParse('   ').error?.issues[0].message).toBe(MISSING_ANSWER_DATA);
    expect(emoji.scored).toBe(true);
  });

  it('Couple Quiz accepts only its options and hides the correct answer', () => {
    const quiz = gameDefinitions.couple_quiz;
    const item = { question: 'City of Love?', options: ['Rome', 'Paris'], correct_answer: 'Paris', explanation: 'Of course.' };
    expect(quiz.accepts(item, 'paris')).toBe(true);
    expect(quiz.accepts(item, 'Vienna')).toBe(false);
    expect(quiz.isCorrect(item, 'PARIS')).toBe(true);
    expect(quiz.redact(item)).toEqual({ question: 'City of Love?', options: ['Rome', 'Paris'] });
  });

  it('gives the documented verdicts', () => {
    expect(verdict(3, 1)).toBe('You win!');
    expect(verdict(1, 3)).toBe('Your partner wins!');
    expect(verdict(2, 2)).toBe("It's a tie!");
  });

  it('say where each game lives and what it adds to the dashboard', () => {
    expect(GAME_TYPES).toEqual(['questions', 'would_you_rather', 'emoji_movie', 'couple_quiz']);
    expect(CATALOGUE_GAMES).toEqual(['would_you_rather', 'emoji_movie', 'couple_quiz']);
    expect(catalogueGameNames).toBe('Would You Rather, Emoji Movie and Couple Quiz');
    expect(GAME_TYPES.filter((game) => gameDefinitions[game].dashboardCounts === 'answers')).toEqual(['questions']);
    expect(GAME_TYPES.filter((game) => gameDefinitions[game].unpartneredJoin === 'offered-link')).toEqual(['questions']);
  });

  it("give each game the host's button in its own words", () => {
    const advance = Object.fromEntries(GAME_TYPES.map((game) => [game, gameDefinitions[game].advance]));
    expect(advance).toEqual({
      questions: { last: 'Finish', other: 'Next Question' },
      would_you_rather: { last: 'Next', other: 'Next' },
      emoji_movie: { last: 'Next Question', other: 'Next Question' },
      couple_quiz: { last: 'Finish Quiz', other: 'Next Question' },
    });
  });
});

describe("the content check's rules on the definitions", () => {
  const tools = { normalise: (text: string) => text.trim().toLowerCase(), emojiProblems: (sequence: string) => (sequence === '🔤' ? ['spells it out'] : []) };

  it('name what makes two items the same', () => {
    expect(gameDefinitions.would_you_rather.content.identity({ option_a: 'Tea', option_b: 'Coffee' })).toBe('Coffee / Tea');
    expect(gameDefinitions.emoji_movie.content.sameAs({ emoji_sequence: '🦁👑', movie_title: 'The Lion King', alternate_titles: ['Il re leone'] })).toEqual({
      names: ['Il re leone'],
      emoji: '🦁👑',
    });
    expect(gameDefinitions.emoji_movie.content.near({ emoji_sequence: '🦁👑', movie_title: 'The Lion King' }).map((n) => n.kind)).toEqual(['emoji', 'title']);
  });

  it("find each game's own faults", () => {
    expect(gameDefinitions.would_you_rather.content.problems({ option_a: 'Tea', option_b: ' tea' }, tools)).toEqual(['both options are the same']);
    expect(gameDefinitions.couple_quiz.content.problems({ question: 'Q?', options: ['A', 'a'], correct_answer: 'A' }, tools)).toEqual([
      '2 options, not 3 or 4',
      'options repeat each other (A / a)',
      'no explanation',
    ]);
    expect(gameDefinitions.emoji_movie.content.problems({ emoji_sequence: '🔤', movie_title: 'Up' }, tools)).toEqual(['🔤 (Up): spells it out']);
  });
});
