import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sessionLive, sessionSnapshot, submitAnswer } from '@core/contracts/sessions';
import { compileSerializer, ResponseMismatchError } from './serialize';

/** What the serializer before this one sent: zod's encode, then JSON.stringify. */
const byZod = (schema: z.ZodType, data: unknown) => JSON.stringify(z.encode(schema, data));

const live = {
  game: 'emoji_movie',
  version: 4,
  session: { status: 'active', currentIndex: 2, completedAt: null, pace: 'own', guessing: false },
  current: { id: 'item-3', position: 3, payload: { emoji_sequence: '🦁👑' } },
  answers: { mine: null, partner: null, partnerAnswered: true, bothAnswered: false },
  progress: { mine: 2, partner: 3 },
  passed: [{ id: 'item-1', position: 1, payload: { emoji_sequence: '🚢🧊', movie_title: 'Titanic' }, mine: 'Titanic', partner: null, partnerAnswered: false, guess: null }],
  scores: null,
  knowing: null,
  guess: null,
  nextLevel: null,
};
const answered = { itemId: 'item-3', bothAnswered: true, live: { ...live, answers: { mine: 'The Lion King', partner: 'Lion King', partnerAnswered: true, bothAnswered: true } } };
const completed = {
  ...live,
  game: 'couple_quiz',
  session: { status: 'completed', currentIndex: 9, completedAt: '2026-11-22T20:00:00.000Z', pace: 'live', guessing: false },
  current: null,
  progress: null,
  passed: [],
  scores: { u1: 3, u2: 5 },
  knowing: null,
  guess: null,
  nextLevel: { id: 'l2', number: 2, name: 'Deeper', unlocked: false },
};

describe('the compiled response serializer', () => {
  it.each([
    ['an answer', submitAnswer.response[200], answered],
    ['a live state', sessionLive, live],
    ['a completed quiz', sessionLive, completed],
    [
      'a snapshot',
      sessionSnapshot,
      {
        ...live,
        session: { ...live.session, id: 's1', createdAt: '2026-11-22T19:00:00.000Z' },
        role: 'host',
        host: { id: 'u1', username: 'ana' },
        partner: null,
        level: { id: 'l1', number: 1, name: 'Light', category: { id: 'c1', name: 'Films' } },
        itemCount: 10,
        readOnly: false,
      },
    ],
  ])('sends exactly what zod sent for %s', (_name, schema, data) => {
    expect(compileSerializer(schema, { crossCheck: true })(data)).toBe(byZod(schema, data));
  });

  it('never sends a field the schema does not name, at any depth', () => {
    const leaky = {
      ...answered,
      secret: 1,
      live: { ...answered.live, secret: 2, current: { ...live.current, payload: { emoji_sequence: '🦁', movie_title: 'hidden?', extra: 3 } } },
    };
    const sent = JSON.parse(compileSerializer(submitAnswer.response[200], { crossCheck: true })(leaky));
    expect(sent).not.toHaveProperty('secret');
    expect(sent.live).not.toHaveProperty('secret');
    // The view allows a title (an answered item shows it); what it does not name goes.
    expect(sent.live.current.payload).toEqual({ emoji_sequence: '🦁', movie_title: 'hidden?' });
  });

  it('refuses what does not fit, where zod refused it', () => {
    const serialize = compileSerializer(submitAnswer.response[200]);
    const refusals = [
      { ...answered, bothAnswered: 'yes' },
      { ...answered, itemId: undefined },
      { ...answered, live: { ...answered.live, game: 'chess' } },
      { ...answered, live: { ...answered.live, version: 1.5 } },
      { ...answered, live: { ...answered.live, session: { ...live.session, status: 'paused' } } },
      // An answer the game's schema refuses (too long for an Emoji Movie guess).
      { ...answered, live: { ...answered.live, answers: { ...answered.live.answers, mine: 'x'.repeat(500) } } },
      { ...answered, live: { ...completed, scores: { u1: 'three' } } },
    ];
    expect(() => serialize(refusals[5])).toThrow('at .live.answers.mine');
    for (const data of refusals) {
      expect(() => serialize(data)).toThrow(ResponseMismatchError);
      expect(z.safeEncode(submitAnswer.response[200] as z.ZodType, data).success).toBe(false);
    }
  });

  it('leaves what it does not know to zod, and with crossCheck notices any difference', () => {
    const schema = z.object({ at: z.date(), tags: z.array(z.string()).optional(), note: z.string().optional() });
    const data = { at: new Date('2026-11-22T00:00:00Z'), tags: ['a'] };
    expect(compileSerializer(schema, { crossCheck: true })(data)).toBe(byZod(schema, data));
    const transformed = z.object({ n: z.number().transform((n) => n * 2) });
    expect(() => compileSerializer(transformed, { crossCheck: true })({ n: 1 })).toThrow();
  });
});
