import { describe, expect, it } from 'vitest';
import type { SessionLive, SnapshotOf } from './contracts/sessions';
import { applyAnswered, applyLive } from './session-live';

const item = { id: 'i1', position: 0, payload: { option_a: 'Tea', option_b: 'Coffee' } };
const snapshot: SnapshotOf<'would_you_rather'> = {
  game: 'would_you_rather',
  version: 4,
  session: { id: 's1', status: 'active', currentIndex: 0, createdAt: '2026-01-01T00:00:00.000Z', completedAt: null, pace: 'live', guessing: false },
  role: 'host',
  host: { id: 'me', username: 'me' },
  partner: { id: 'you', username: 'you' },
  level: { id: 'l1', number: 1, name: 'L', category: { id: 'c1', name: 'C' } },
  itemCount: 10,
  readOnly: false,
  current: item,
  answers: { mine: 'a', partner: null, partnerAnswered: false, bothAnswered: false },
  progress: null,
  passed: [],
  scores: null,
  knowing: null,
  guess: null,
  nextLevel: null,
};
const answered = (over: Partial<Parameters<typeof applyAnswered>[1]> = {}) => ({
  sessionId: 's1',
  version: 5,
  userId: 'you',
  itemId: 'i1',
  bothAnswered: true,
  answer: 'b',
  ...over,
});

describe('applyAnswered', () => {
  it("shows the partner's answer from the event that follows the version held", () => {
    const result = applyAnswered(snapshot, answered(), 'me');
    expect(result).toMatchObject({ outcome: 'applied', snapshot: { version: 5, answers: { mine: 'a', partner: 'b', partnerAnswered: true, bothAnswered: true } } });
  });

  it('keeps every part the event does not change as the same object', () => {
    const result = applyAnswered(snapshot, answered(), 'me');
    if (result.outcome !== 'applied') throw new Error(result.outcome);
    for (const part of ['session', 'host', 'partner', 'level', 'current', 'passed'] as const) expect(result.snapshot[part]).toBe(snapshot[part]);
  });

  it("takes the partner's answer as the game's contract reads it", () => {
    const questions = { ...snapshot, game: 'questions', current: { id: 'i1', position: 0, payload: { question: 'Why?' } }, answers: { ...snapshot.answers, mine: 'Because' } };
    const result = applyAnswered(questions as unknown as typeof snapshot, answered({ answer: '  Just so  ' }), 'me');
    expect(result).toMatchObject({ outcome: 'applied', snapshot: { answers: { partner: 'Just so' } } });
    expect(applyAnswered(questions as unknown as typeof snapshot, answered({ answer: '   ' }), 'me').outcome).toBe('gap');
  });

  it('says only that they answered before both have', () => {
    const result = applyAnswered({ ...snapshot, answers: { ...snapshot.answers, mine: null } }, answered({ bothAnswered: false, answer: null }), 'me');
    expect(result).toMatchObject({ outcome: 'applied', snapshot: { answers: { mine: null, partner: null, partnerAnswered: true, bothAnswered: false } } });
  });

  it('ignores old events and our own echo, and reports a missed event as a gap', () => {
    expect(applyAnswered(snapshot, answered({ version: 4 }), 'me').outcome).toBe('stale');
    expect(applyAnswered(snapshot, answered({ userId: 'me' }), 'me').outcome).toBe('stale');
    expect(applyAnswered(snapshot, answered({ version: 6 }), 'me').outcome).toBe('gap');
    expect(applyAnswered(snapshot, answered({ itemId: 'other' }), 'me').outcome).toBe('gap');
    expect(applyAnswered(snapshot, answered({ answer: 'not a side' }), 'me').outcome).toBe('gap');
  });
});

describe('applyLive', () => {
  const live: SessionLive = {
    game: 'would_you_rather',
    version: 7,
    session: { status: 'active', currentIndex: 1, completedAt: null, pace: 'live', guessing: false },
    current: { id: 'i2', position: 1, payload: { option_a: 'Sea', option_b: 'Hills' } },
    answers: { mine: null, partner: null, partnerAnswered: false, bothAnswered: false },
    progress: null,
    passed: [],
    scores: null,
    knowing: null,
    guess: null,
    nextLevel: null,
  };

  it('replaces the live part with any newer complete state, keeping who plays and the level', () => {
    const result = applyLive(snapshot, live);
    expect(result).toMatchObject({
      outcome: 'applied',
      snapshot: { version: 7, session: { id: 's1', currentIndex: 1 }, current: { id: 'i2' }, host: { id: 'me' }, itemCount: 10 },
    });
  });

  it('keeps what it holds when the state is not newer', () => {
    expect(applyLive(snapshot, { ...live, version: 4 }).outcome).toBe('stale');
  });
});
