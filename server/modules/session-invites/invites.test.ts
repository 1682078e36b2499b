import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@core/messages';
import { gameSessions, sessionInvites } from '../../db/schema';
import { type TestApp, type TestUser, TEST_ORIGIN, createTestApp, createUser, linkPartners, post, startSession } from '../../../test/app';

let t: TestApp;
let a: TestUser;
let b: TestUser;
let stranger: TestUser;
let strangersPartner: TestUser;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
  [a, b, stranger, strangersPartner] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app), createUser(t.app)]);
  await linkPartners(t.app, a, b);
  await linkPartners(t.app, stranger, strangersPartner);
});
afterAll(() => t.close());

const sendInvite = (u: TestUser, sessionId: unknown) => post(t.app, '/api/session-invites', { sessionId }, u.cookie);
const list = async (u: TestUser) =>
  (await t.app.inject({ url: '/api/session-invites', headers: { cookie: u.cookie } })).json().invites as {
    id: string;
    sessionId: string;
    game: string;
    sender: { username: string };
  }[];
const pendingOf = async (sessionId: string) =>
  (
    await t.database.db
      .select()
      .from(sessionInvites)
      .where(and(eq(sessionInvites.sessionId, sessionId), eq(sessionInvites.status, 'pending')))
  ).length;
const update = (u: TestUser, id: string, status: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/session-invites/${id}`, headers: { cookie: u.cookie, origin: TEST_ORIGIN }, payload: { status } });

describe('session invites', () => {
  it('needs a linked partner', async () => {
    const loner = await createUser(t.app);
    const res = await sendInvite(loner, await startSession(t.app, loner));
    expect([res.statusCode, res.json().error.message]).toEqual([400, messages.partner.needPartner]);
  });

  it('sends to the partner, who sees it pending with the sender and game', async () => {
    const sessionId = await startSession(t.app, a);
    const res = await sendInvite(a, sessionId);
    expect(res.statusCode).toBe(201);
    const invites = await list(b);
    expect(invites[0]).toMatchObject({ id: res.json().invite.id, sessionId, game: 'would_you_rather', sender: { username: a.username } });
    expect(await list(a)).toEqual([]);
    expect(await list(stranger)).toEqual([]);
  });

  it('keeps one pending invitation per session: sending again refreshes it', async () => {
    const sessionId = await startSession(t.app, a);
    const first = await sendInvite(a, sessionId);
    expect([first.statusCode, first.json().resent]).toEqual([201, false]);
    // An older expiry, so the refresh is seen whatever the clock's resolution.
    await t.database.db
      .update(sessionInvites)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(sessionInvites.id, first.json().invite.id));
    const again = await sendInvite(a, sessionId);
    expect([again.statusCode, again.json().resent, again.json().invite.id]).toEqual([201, true, first.json().invite.id]);
    expect(Date.parse(again.json().invite.expiresAt)).toBeGreaterThan(Date.now() + 60 * 60_000);
    expect((await list(b)).filter((i) => i.sessionId === sessionId).map((i) => i.id)).toEqual([first.json().invite.id]);
    expect(await pendingOf(sessionId)).toBe(1);
  });

  it('leaves one pending invitation when two sends race', async () => {
    const sessionId = await startSession(t.app, a);
    const sends = await Promise.all([sendInvite(a, sessionId), sendInvite(a, sessionId), sendInvite(a, sessionId)]);
    expect(sends.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(sends.map((r) => r.json().invite.id)).size).toBe(1);
    expect(sends.map((r) => r.json().resent).sort()).toEqual([false, true, true]);
    expect(await pendingOf(sessionId)).toBe(1);
  });

  it('refuses to invite to a finished session', async () => {
    const id = await startSession(t.app, a);
    await t.database.db.update(gameSessions).set({ status: 'completed', completedAt: new Date() }).where(eq(gameSessions.id, id));
    const res = await sendInvite(a, id);
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'SESSION_COMPLETED']);
  });

  it("refuses to invite to another couple's session", async () => {
    const theirs = await startSession(t.app, stranger);
    const res = await sendInvite(a, theirs);
    expect(res.statusCode).toBe(403);
    const fromPartner = await sendInvite(b, await startSession(t.app, a));
    expect(fromPartner.statusCode).toBe(403);
    expect((await sendInvite(a, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await sendInvite(a, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('lets only the receiver accept or reject', async () => {
    const { invite } = (await sendInvite(a, await startSession(t.app, a))).json();
    for (const other of [a, stranger]) {
      const res = await update(other, invite.id, 'rejected');
      expect([res.statusCode, res.json().error.message]).toEqual([403, messages.invites.notReceiver]);
    }
    const missing = await update(b, '00000000-0000-4000-8000-000000000000', 'rejected');
    expect([missing.statusCode, missing.json().error.message]).toEqual([404, messages.invites.notFound]);
    expect((await update(b, 'garbage', 'rejected')).statusCode).toBe(404);
    expect((await update(b, invite.id, 'maybe')).statusCode).toBe(400);

    // Still in the bell after the refused attempts: the list works, so its absence below means something.
    expect((await list(b)).map((i) => i.id)).toContain(invite.id);
    const ok = await update(b, invite.id, 'rejected');
    expect(ok.statusCode).toBe(200);
    expect((await list(b)).map((i) => i.id)).not.toContain(invite.id);
  });

  it('hides expired invites from the bell', async () => {
    const { invite } = (await sendInvite(a, await startSession(t.app, a))).json();
    expect((await list(b)).map((i) => i.id)).toContain(invite.id);
    await t.database.db
      .update(sessionInvites)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(sessionInvites.id, invite.id));
    expect((await list(b)).map((i) => i.id)).not.toContain(invite.id);
  });

  it('refuses to join through an expired invitation, but lets it be declined', async () => {
    const { invite } = (await sendInvite(a, await startSession(t.app, a))).json();
    await t.database.db
      .update(sessionInvites)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(sessionInvites.id, invite.id));
    const accept = await t.app.inject({
      method: 'PATCH',
      url: `/api/session-invites/${invite.id}`,
      headers: { cookie: b.cookie, origin: TEST_ORIGIN },
      payload: { status: 'accepted' },
    });
    expect([accept.statusCode, accept.json().error.message]).toEqual([410, messages.invites.expired]);
    const decline = await t.app.inject({
      method: 'PATCH',
      url: `/api/session-invites/${invite.id}`,
      headers: { cookie: b.cookie, origin: TEST_ORIGIN },
      payload: { status: 'rejected' },
    });
    expect(decline.statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('refuses a Gold level on the free plan with 402, and a bad level id with 4xx', async () => {
    const res = await t.app.inject({ url: '/api/games/questions/categories', headers: { cookie: a.cookie } });
    const goldLevel = res
      .json()
      .categories.flatMap((c: { levels: { id: string; lock: string }[] }) => c.levels)
      .find((l: { lock: string }) => l.lock === 'gold');
    expect(goldLevel).toBeDefined();
    const refused = await post(t.app, '/api/sessions', { levelId: goldLevel.id }, a.cookie);
    expect([refused.statusCode, refused.json().error.code]).toEqual([402, 'GOLD_REQUIRED']);
    expect((await post(t.app, '/api/sessions', { levelId: 'x' }, a.cookie)).statusCode).toBe(400);
    expect((await post(t.app, '/api/sessions', { levelId: '00000000-0000-4000-8000-000000000000' }, a.cookie)).statusCode).toBe(404);
    expect((await post(t.app, '/api/sessions', { levelId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(401);
  });
});
