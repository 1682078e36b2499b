import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestUser, createUser, linkPartners, post, startSession } from '../../../test/app';
import { listeningApp } from '../../../test/sockets';
import { gameSessions } from '../../db/schema';
import { ACCESS_DENIED, SESSION_READ_ONLY } from './errors';

/** A session belongs to the two people who made it together (docs/decisions/012), whoever they are linked to later. */
const app = listeningApp();

const snapshot = (u: TestUser, id: string) => app.t.app.inject({ url: `/api/sessions/${id}`, headers: { cookie: u.cookie } });
const answer = (u: TestUser, id: string, value = 'a') => post(app.t.app, `/api/sessions/${id}/answers`, { answer: value }, u.cookie);
const next = (u: TestUser, id: string) => post(app.t.app, `/api/sessions/${id}/next`, {}, u.cookie);
const unlink = (u: TestUser) => post(app.t.app, '/api/partner/unlink', {}, u.cookie);
const refusal = async (res: Awaited<ReturnType<typeof post>>) => [res.statusCode, res.json().error.message];

async function join(user: TestUser, sessionId: string) {
  const socket = await app.connect(user.cookie);
  return new Promise<{ ok: boolean; error?: string }>((resolve) => socket.emit('session:join', { sessionId }, resolve));
}

async function couple() {
  const [a, b] = await Promise.all([createUser(app.t.app), createUser(app.t.app)]);
  await linkPartners(app.t.app, a, b);
  return [a, b] as const;
}

describe('a session of a couple that has since unlinked', () => {
  it('stays readable for both members and playable by neither', async () => {
    const [a, b] = await couple();
    const id = await startSession(app.t.app, a);
    expect((await answer(b, id)).statusCode).toBe(200);
    await unlink(a);

    for (const member of [a, b]) {
      const res = await snapshot(member, id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ readOnly: true });
      expect(await refusal(await answer(member, id))).toEqual([409, SESSION_READ_ONLY]);
      expect(await join(member, id)).toMatchObject({ ok: true });
    }
    expect(await refusal(await next(a, id))).toEqual([409, SESSION_READ_ONLY]);
    expect((await snapshot(a, id)).json().answers).toMatchObject({ mine: null, partnerAnswered: true });
  });

  it("is never seen, played or joined by either member's next partner, whose answers never count", async () => {
    const [a, b] = await couple();
    const id = await startSession(app.t.app, a);
    expect((await answer(b, id)).statusCode).toBe(200);
    await unlink(b);
    const c = await createUser(app.t.app);
    await linkPartners(app.t.app, a, c);

    expect(await refusal(await snapshot(c, id))).toEqual([403, ACCESS_DENIED]);
    expect(await refusal(await answer(c, id))).toEqual([403, ACCESS_DENIED]);
    expect(await join(c, id)).toMatchObject({ ok: false, error: ACCESS_DENIED });
    // Linked again, a still cannot go on with b's answer in place: the session stays the old couple's, read-only.
    expect(await refusal(await answer(a, id))).toEqual([409, SESSION_READ_ONLY]);
    expect(await refusal(await post(app.t.app, '/api/session-invites', { sessionId: id }, a.cookie))).toEqual([409, SESSION_READ_ONLY]);
    const [row] = await app.t.database.db.select({ guestId: gameSessions.guestId }).from(gameSessions).where(eq(gameSessions.id, id));
    expect(row.guestId).toBe(b.id);

    const dashboard = (await app.t.app.inject({ url: '/api/dashboard', headers: { cookie: c.cookie } })).json();
    expect(dashboard.recent.map((r: { id: string }) => r.id)).not.toContain(id);
    const fresh = await startSession(app.t.app, a);
    // The new couple's one session, on both screens: the lists are not empty, and the old couple's is not in them.
    for (const viewer of [c, a]) {
      const after = (await app.t.app.inject({ url: '/api/dashboard', headers: { cookie: viewer.cookie } })).json();
      expect(after.recent.map((r: { id: string }) => r.id)).toEqual([fresh]);
    }
  });

  it('keeps the seat of the partner it was made with, even if they never opened it', async () => {
    const [a, b] = await couple();
    const id = await startSession(app.t.app, a);
    await unlink(a);
    const c = await createUser(app.t.app);
    await linkPartners(app.t.app, a, c);
    expect(await refusal(await snapshot(c, id))).toEqual([403, ACCESS_DENIED]);
    expect(await join(c, id)).toMatchObject({ ok: false, error: ACCESS_DENIED });
    expect((await snapshot(b, id)).json()).toMatchObject({ readOnly: true, role: 'partner' });
  });

  it('plays on when the same two link again', async () => {
    const [a, b] = await couple();
    const id = await startSession(app.t.app, a);
    await unlink(a);
    await linkPartners(app.t.app, b, a);
    expect((await snapshot(b, id)).json()).toMatchObject({ readOnly: false, role: 'partner' });
    expect((await answer(a, id)).statusCode).toBe(200);
    expect((await answer(b, id)).json()).toMatchObject({ bothAnswered: true });
    expect((await next(a, id)).statusCode).toBe(200);
  });
});

describe('a session made before the creator had a partner', () => {
  it('seats the partner who links first, for good', async () => {
    const a = await createUser(app.t.app);
    const id = await startSession(app.t.app, a);
    expect((await snapshot(a, id)).json()).toMatchObject({ partner: null, readOnly: false });
    expect((await answer(a, id)).json()).toMatchObject({ bothAnswered: false });

    const b = await createUser(app.t.app);
    await linkPartners(app.t.app, a, b);
    expect((await snapshot(a, id)).json().partner).toMatchObject({ id: b.id });
    expect((await answer(b, id)).json()).toMatchObject({ bothAnswered: true });

    await unlink(a);
    const c = await createUser(app.t.app);
    await linkPartners(app.t.app, c, a);
    expect(await refusal(await snapshot(c, id))).toEqual([403, ACCESS_DENIED]);
    expect((await snapshot(b, id)).json()).toMatchObject({ readOnly: true, role: 'partner' });
  });

  it('lets the seat be taken by a room join, then refuses anyone else', async () => {
    const a = await createUser(app.t.app);
    const id = await startSession(app.t.app, a);
    const b = await createUser(app.t.app);
    await linkPartners(app.t.app, a, b);
    expect(await join(b, id)).toMatchObject({ ok: true });
    const [row] = await app.t.database.db.select({ guestId: gameSessions.guestId }).from(gameSessions).where(eq(gameSessions.id, id));
    expect(row.guestId).toBe(b.id);
  });
});
