import { describe, expect, it } from 'vitest';
import { gameDefinitions } from './game-definitions';
import { contentFileSchema, resolveGameType, UnknownGameTypeError, unknownSessionTypeMessage } from './games';

const itemPayloadSchemas = { couple_quiz: gameDefinitions.couple_quiz.item, would_you_rather: gameDefinitions.would_you_rather.item };

describe('resolveGameType', () => {
  it.each([
    ['wyr', 'would_you_rather'],
    ['would_you_rather', 'would_you_rather'],
    ['emoji', 'emoji_movie'],
    ['quiz', 'couple_quiz'],
    ['question', 'questions'],
    ['questions', 'questions'],
  ])('%s → %s', (alias, type) => {
    expect(resolveGameType(alias)).toBe(type);
  });

  it("refuses anything else with 'Unknown game type'", () => {
    expect(() => resolveGameType('chess')).toThrow(UnknownGameTypeError);
    expect(() => resolveGameType('WYR')).toThrow('Unknown game type');
    for (const inherited of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) expect(() => resolveGameType(inherited)).toThrow(UnknownGameTypeError);
  });
});

describe('item payloads', () => {
  it('needs the correct quiz answer among the options', () => {
    const q = { question: 'Q?', options: ['A', 'B'], correct_answer: 'C' };
    expect(itemPayloadSchemas.couple_quiz.safeParse(q).success).toBe(false);
    expect(itemPayloadSchemas.couple_quiz.safeParse({ ...q, correct_answer: 'b' }).success).toBe(true);
  });

  it('refuses unknown keys and blank options', () => {
    expect(itemPayloadSchemas.would_you_rather.safeParse({ option_a: 'x', option_b: ' ' }).success).toBe(false);
    expect(itemPayloadSchemas.would_you_rather.safeParse({ option_a: 'x', option_b: 'y', extra: 1 }).success).toBe(false);
  });

  it('checks levels are numbered in order', () => {
    const file = { game: 'questions', slug: 's', name: 'N', description: 'D', position: 0, levels: [{ number: 2, name: 'L', description: 'D', items: [{ text: 'hi' }] }] };
    expect(contentFileSchema.safeParse(file).success).toBe(false);
  });
});

describe('unknownSessionTypeMessage', () => {
  it('names the type no client knows', () => {
    expect(unknownSessionTypeMessage('chess')).toBe('Unknown session type: chess');
  });
});
