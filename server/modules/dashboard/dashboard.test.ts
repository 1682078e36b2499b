import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, type TestUser, createTestApp, createUser, linkPartners, post, startSession } from '../../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

const dashboard = async (u: TestUser) => (await t.app.inject({ url: '/api/dashboard', headers: { cookie: u.cookie } })).json();

describe('GET /api/dashboard', () => {
  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ url: '/api/dashboard' })).statusCode).toBe(401);
  });

  it('works with no partner and no sessions', async () => {
    const u = await createUser(t.app);
    expect(await dashboard(u)).toEqual({
      partner: null,
      linkedAt: null,
      counts: { questions: 0, would_you_rather: 0, emoji_movie: 0, couple_quiz: 0 },
      gamesPlayed: 0,
      questionsAnswered: 0,
      knowEachOther: [],
      recent: [],
      yourTurn: [],
    });
  });

  it("counts sessions by either partner, lists the 5 newest, and never another couple's", async () => {
    const [a, b, x, y] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app), createUser(t.app)]);
    const beforeLink = Date.now();
    await linkPartners(t.app, a, b);
    const afterLink = Date.now();
    await linkPartners(t.app, x, y);
    const ours: string[] = [];
    for (const [who, game] of [
      [a, 'would_you_rather'],
      [b, 'emoji_movie'],
      [a, 'couple_quiz'],
      [b, 'questions'],
      [a, 'would_you_rather'],
      [b, 'would_you_rather'],
    ] as const) {
      ours.push(await startSession(t.app, who, game));
    }
    const theirs = await startSession(t.app, x, 'emoji_movie');

    const da = await dashboard(a);
    const db = await dashboard(b);
    expect(da.partner).toEqual({ id: b.id, username: b.username });
    // When they linked, not a day count: the days depend on the viewer's time zone, so the browser counts them.
    expect(Date.parse(da.linkedAt)).toBeGreaterThanOrEqual(beforeLink);
    expect(Date.parse(da.linkedAt)).toBeLessThanOrEqual(afterLink);
    expect(da).not.toHaveProperty('daysTogether');
    expect(da.counts).toEqual({ questions: 1, would_you_rather: 3, emoji_movie: 1, couple_quiz: 1 });
    expect(da.gamesPlayed).toBe(5);
    expect(da.recent.map((r: { id: string }) => r.id)).toEqual(ours.slice(1).reverse());
    expect(db.counts).toEqual(da.counts);
    expect(JSON.stringify(da)).not.toContain(theirs);
    expect((await dashboard(x)).counts.emoji_movie).toBe(1);
  });

  it("is fresh on both screens after either partner's write, though it is cached", async () => {
    const [a, b] = await Promise.all([createUser(t.app), createUser(t.app)]);
    expect((await dashboard(a)).partner).toBeNull();
    expect((await dashboard(b)).partner).toBeNull();
    await linkPartners(t.app, a, b);
    expect((await dashboard(a)).partner).toEqual({ id: b.id, username: b.username });
    expect((await dashboard(b)).partner).toEqual({ id: a.id, username: a.username });

    const id = await startSession(t.app, b);
    expect((await dashboard(a)).recent.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await dashboard(b)).counts.would_you_rather).toBe(1);

    const questions = await startSession(t.app, a, 'questions');
    expect((await dashboard(a)).questionsAnswered).toBe(0);
    const snap = (await t.app.inject({ url: `/api/sessions/${questions}`, headers: { cookie: a.cookie } })).json();
    const answer = await post(t.app, `/api/sessions/${questions}/answers`, { itemId: snap.current.id, answer: 'We met on a rainy Tuesday.' }, a.cookie);
    expect(answer.statusCode).toBe(200);
    expect((await dashboard(a)).questionsAnswered).toBe(1);
    // The host goes on, then back: the item's answers are cleared, and so is the count.
    const partnerSnap = (await t.app.inject({ url: `/api/sessions/${questions}`, headers: { cookie: b.cookie } })).json();
    expect((await post(t.app, `/api/sessions/${questions}/answers`, { itemId: partnerSnap.current.id, answer: 'On a Tuesday, I think.' }, b.cookie)).statusCode).toBe(200);
    expect((await post(t.app, `/api/sessions/${questions}/next`, {}, a.cookie)).statusCode).toBe(200);
    expect((await post(t.app, `/api/sessions/${questions}/prev`, {}, a.cookie)).statusCode).toBe(200);
    expect((await dashboard(a)).questionsAnswered).toBe(0);
    expect((await dashboard(b)).questionsAnswered).toBe(0);

    expect((await post(t.app, '/api/partner/unlink', {}, a.cookie)).statusCode).toBe(200);
    expect((await dashboard(b)).partner).toBeNull();
    expect((await dashboard(b)).counts.questions).toBe(0);
  });
});
