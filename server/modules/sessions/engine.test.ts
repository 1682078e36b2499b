import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ANSWER_DATA } from '@core/error-codes';
import { type TestApp, type TestUser, createTestApp, createUser, linkPartners, post, startSession } from '../../../test/app';
import { levelProgress, purchases, responses } from '../../db/schema';
import { ACCESS_DENIED, HOST_ONLY, NOT_BOTH_ANSWERED, SESSION_COMPLETED } from './errors';

let t: TestApp;
let host: TestUser;
let guest: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
  [host, guest, stranger] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
  await linkPartners(t.app, host, guest);
});
afterAll(() => t.close());

const snapshot = async (u: TestUser, id: string) => (await t.app.inject({ url: `/api/sessions/${id}`, headers: { cookie: u.cookie } })).json();
const answer = (u: TestUser, id: string, body: unknown) => post(t.app, `/api/sessions/${id}/answers`, body, u.cookie);
const move = (u: TestUser, id: string, m: 'next' | 'prev' | 'shuffle') => post(t.app, `/api/sessions/${id}/${m}`, {}, u.cookie);

describe('a Would You Rather session', () => {
  it('runs from creation to completion, revealing answers only when both have answered', async () => {
    const id = await startSession(t.app, host);
    const first = await snapshot(host, id);
    expect(first).toMatchObject({ role: 'host', session: { status: 'active', currentIndex: 0 }, scores: null, answers: { mine: null, partner: null, bothAnswered: false } });
    expect(first.itemCount).toBe(10);
    expect((await snapshot(guest, id)).role).toBe('partner');

    for (let i = 0; i < first.itemCount; i++) {
      expect((await answer(host, id, { answer: 'a' })).statusCode).toBe(200);
      const waiting = await snapshot(guest, id);
      expect(waiting.answers).toMatchObject({ mine: null, partner: null, partnerAnswered: true, bothAnswered: false });
      const early = await move(host, id, 'next');
      expect([early.statusCode, early.json().error.message]).toEqual([409, NOT_BOTH_ANSWERED]);
      expect((await answer(guest, id, { answer: i % 2 ? 'a' : 'b' })).statusCode).toBe(200);
      expect((await snapshot(host, id)).answers).toMatchObject({ mine: 'a', partner: i % 2 ? 'a' : 'b', bothAnswered: true });
      expect((await move(host, id, 'next')).statusCode).toBe(200);
    }

    const done = await snapshot(guest, id);
    expect(done.session).toMatchObject({ status: 'completed', currentIndex: 10 });
    expect(done.current).toBeNull();
    const progress = await t.database.db.select().from(levelProgress).where(eq(levelProgress.levelId, first.level.id));
    expect(progress.map((p) => p.userId).sort()).toEqual([host.id, guest.id].sort());
    // Level 2 is behind the upgrade on the free plan, and open with Gold (the partner's counts for both).
    expect(done.nextLevel).toMatchObject({ number: 2, unlocked: false });
    await t.database.db.insert(purchases).values({ userId: host.id, provider: 'local', providerRef: `gold-${host.id}` });
    expect((await snapshot(guest, id)).nextLevel).toMatchObject({ number: 2, unlocked: true });
    const levelsNow = (await t.app.inject({ url: '/api/games/would_you_rather/categories', headers: { cookie: guest.cookie } })).json();
    const category = levelsNow.categories.find((c: { levels: { id: string }[] }) => c.levels.some((l) => l.id === first.level.id));
    expect(category.levels.map((l: { number: number; lock: string; completed: boolean }) => [l.number, l.lock, l.completed])).toEqual([
      [1, 'open', true],
      [2, 'open', false],
      [3, 'progress', false],
    ]);
    await t.database.db.delete(purchases).where(eq(purchases.userId, host.id));
  });

  it('is idempotent when completion runs twice, and refuses answers afterwards', async () => {
    const id = await startSession(t.app, host);
    const { itemCount } = await snapshot(host, id);
    for (let i = 0; i < itemCount; i++) {
      await answer(host, id, { answer: 'a' });
      await answer(guest, id, { answer: 'b' });
      await move(host, id, 'next');
    }
    const again = await move(host, id, 'next');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'completed', completed: true });
    const late = await answer(guest, id, { answer: 'a' });
    expect([late.statusCode, late.json().error.message]).toEqual([409, SESSION_COMPLETED]);
  });

  it('keeps one answer per player per item; a resubmission replaces it', async () => {
    const id = await startSession(t.app, host);
    await Promise.all([answer(guest, id, { answer: 'a' }), answer(guest, id, { answer: 'b' }), answer(guest, id, { answer: 'a' })]);
    await answer(guest, id, { answer: 'b' });
    const rows = await t.database.db
      .select()
      .from(responses)
      .where(and(eq(responses.sessionId, id), eq(responses.userId, guest.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0].answer).toBe('b');
  });

  it('leaves the host alone to move the session', async () => {
    const id = await startSession(t.app, host);
    for (const m of ['next', 'prev', 'shuffle'] as const) {
      const res = await move(guest, id, m);
      expect([res.statusCode, res.json().error.message]).toEqual([403, HOST_ONLY]);
    }
    expect((await move(host, id, 'shuffle')).json().currentIndex).not.toBe(0);
    expect((await move(host, id, 'prev')).statusCode).toBe(200);
  });

  it('clears the answers of the item an index change lands on', async () => {
    const id = await startSession(t.app, host);
    await answer(host, id, { answer: 'a' });
    await answer(guest, id, { answer: 'b' });
    await move(host, id, 'next');
    await move(host, id, 'prev');
    expect((await snapshot(host, id)).answers).toMatchObject({ mine: null, partner: null, bothAnswered: false });
  });

  it('refuses bad answers with 4xx and the documented text', async () => {
    const id = await startSession(t.app, host);
    for (const body of [{}, { answer: '' }, { answer: null }]) {
      const res = await answer(host, id, body);
      expect([res.statusCode, res.json().error.message]).toEqual([400, MISSING_ANSWER_DATA]);
    }
    for (const body of [{ answer: 'c' }, { answer: 42 }, { answer: ['a'] }, { answer: { a: 1 } }]) expect((await answer(host, id, body)).statusCode).toBe(400);
    expect((await answer(host, id, { answer: 'a', itemId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(400);
    for (const itemId of ['not-a-uuid', 42, { id: 1 }, 'x'.repeat(64)]) expect((await answer(host, id, { answer: 'a', itemId })).statusCode).toBeLessThan(500);
  });

  it('refuses text that the database cannot store with 400, not 500', async () => {
    const id = await startSession(t.app, host, 'questions');
    const res = await answer(host, id, { answer: 'we met\u0000 here' });
    expect(res.statusCode).toBe(400);
  });

  it('opens a level only after the one before it is completed, even on Gold', async () => {
    const [a, b] = await Promise.all([createUser(t.app), createUser(t.app)]);
    await linkPartners(t.app, a, b);
    await t.database.db.insert(purchases).values({ userId: a.id, provider: 'local', providerRef: `gold-${a.id}` });
    const { categories } = (await t.app.inject({ url: '/api/games/would_you_rather/categories', headers: { cookie: a.cookie } })).json();
    const [level1, level2] = categories[0].levels as { id: string; number: number }[];
    const early = await post(t.app, '/api/sessions', { levelId: level2.id }, a.cookie);
    expect([early.statusCode, early.json().error.code]).toEqual([403, 'LEVEL_LOCKED']);

    const created = await post(t.app, '/api/sessions', { levelId: level1.id }, a.cookie);
    const id = created.json().session.id as string;
    const { itemCount } = await snapshot(a, id);
    for (let i = 0; i < itemCount; i++) {
      await answer(a, id, { answer: 'a' });
      await answer(b, id, { answer: 'b' });
      expect((await move(a, id, 'next')).statusCode).toBe(200);
    }
    expect((await snapshot(b, id)).nextLevel).toMatchObject({ id: level2.id, unlocked: true });
    expect((await post(t.app, '/api/sessions', { levelId: level2.id }, a.cookie)).statusCode).toBe(201);
  });

  it('stays consistent when both answer the last item while the host presses next', async () => {
    const id = await startSession(t.app, host);
    const { itemCount } = await snapshot(host, id);
    for (let i = 0; i < itemCount - 1; i++) {
      await answer(host, id, { answer: 'a' });
      await answer(guest, id, { answer: 'a' });
      await move(host, id, 'next');
    }
    const results = await Promise.all([answer(host, id, { answer: 'b' }), answer(guest, id, { answer: 'b' }), move(host, id, 'next'), move(host, id, 'next')]);
    expect(results.every((r) => r.statusCode < 500)).toBe(true);
    const final = await snapshot(host, id);
    if (final.session.status === 'completed') expect(final.session.currentIndex).toBe(itemCount);
    else {
      expect(final.session.currentIndex).toBe(itemCount - 1);
      expect((await move(host, id, 'next')).json().status).toBe('completed');
    }
  });
});

describe('someone outside the couple', () => {
  it('is refused on every endpoint with the partner-only text', async () => {
    const id = await startSession(t.app, host);
    const calls = [
      t.app.inject({ url: `/api/sessions/${id}`, headers: { cookie: stranger.cookie } }),
      answer(stranger, id, { answer: 'a' }),
      move(stranger, id, 'next'),
      move(stranger, id, 'prev'),
      move(stranger, id, 'shuffle'),
    ];
    for (const res of await Promise.all(calls)) expect([res.statusCode, res.json().error.message]).toEqual([403, ACCESS_DENIED]);
    // What they send is not looked at before who they are: a bad answer or item is still the partner-only refusal.
    for (const body of [{}, { answer: '' }, { answer: 'c' }, { answer: 'a', itemId: 'not-an-item' }]) {
      const res = await answer(stranger, id, body);
      expect([res.statusCode, res.json().error.message]).toEqual([403, ACCESS_DENIED]);
    }
    expect((await t.app.inject({ url: '/api/sessions/not-a-session', headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/sessions/${id}` })).statusCode).toBe(401);
  });
});

/** What both players see of the session's answers, and the stored rows. */
const state = async (id: string) => ({
  host: (await snapshot(host, id)).answers,
  guest: (await snapshot(guest, id)).answers,
  rows: (await t.database.db.select({ item: responses.itemId, user: responses.userId, answer: responses.answer }).from(responses).where(eq(responses.sessionId, id)))
    .map((r) => `${r.item} ${r.user} ${JSON.stringify(r.answer)}`)
    .sort(),
});

/**
 * An answer sent again (the outbox replays a kept pick after a reload or a lost reply, web/features/sessions/
 * use-answer-outbox.ts, docs/decisions/045-installable-and-offline.md) changes no answer: before the reveal, after
 * it, and once the host has moved on.
 */
describe('an answer sent again', () => {
  it('changes no answer, before the reveal, after it, and after the host moved on', async () => {
    const id = await startSession(t.app, host);
    const itemId = (await snapshot(guest, id)).current.id;
    const first = await answer(guest, id, { itemId, answer: 'a' });
    expect(first.statusCode).toBe(200);
    const before = await state(id);
    const again = await answer(guest, id, { itemId, answer: 'a' });
    expect(again.statusCode).toBe(200);
    expect(await state(id)).toEqual(before);
    // Not even the version moves: the partner's screen, which holds this version, takes nothing new from it.
    expect(again.json().live.version).toBe(first.json().live.version);
    expect((await snapshot(host, id)).version).toBe(first.json().live.version);

    expect((await answer(host, id, { itemId, answer: 'b' })).statusCode).toBe(200);
    const revealed = await state(id);
    expect(revealed.guest).toMatchObject({ mine: 'a', partner: 'b', bothAnswered: true });
    const versionRevealed = (await snapshot(host, id)).version;
    const replay = await answer(guest, id, { itemId, answer: 'a' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().live.answers).toMatchObject({ mine: 'a', partner: 'b', bothAnswered: true });
    expect(replay.json().live.version).toBe(versionRevealed);
    expect(await state(id)).toEqual(revealed);

    expect((await move(host, id, 'next')).statusCode).toBe(200);
    const moved = await state(id);
    expect((await answer(guest, id, { itemId, answer: 'a' })).statusCode).toBe(409);
    expect(await state(id)).toEqual(moved);
  });
});
