import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, type TestUser, createTestApp, createUser, linkPartners, post, startSession } from '../../../test/app';
import { gameSessions, items } from '../../db/schema';
import { inSessionOrder } from './level-items';

let t: TestApp;
let host: TestUser;
let guest: TestUser;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
  [host, guest] = await Promise.all([createUser(t.app), createUser(t.app)]);
  await linkPartners(t.app, host, guest);
});
afterAll(() => t.close());

const snapshot = async (u: TestUser, id: string) => (await t.app.inject({ url: `/api/sessions/${id}`, headers: { cookie: u.cookie } })).json();

/** Plays a session through; the items in the order both screens saw them. */
async function playThrough(id: string): Promise<string[]> {
  const seen: string[] = [];
  for (;;) {
    const s = await snapshot(host, id);
    if (s.session.status === 'completed') return seen;
    expect((await snapshot(guest, id)).current.id).toBe(s.current.id);
    seen.push(s.current.id);
    // Answers without an item id go where submit_answer (SQL) thinks the session is: the same item the snapshot showed.
    for (const u of [host, guest]) {
      const res = await post(t.app, `/api/sessions/${id}/answers`, { answer: 'b' }, u.cookie);
      expect(res.json().itemId).toBe(s.current.id);
    }
    expect((await post(t.app, `/api/sessions/${id}/next`, {}, host.cookie)).statusCode).toBe(200);
  }
}

describe("a session's item order", () => {
  it('is shuffled per session, fixed for its life, the same on the server and in SQL, and plays every item once', async () => {
    const first = await startSession(t.app, host);
    const second = await startSession(t.app, host);
    const orderOf = async (id: string) => (await t.database.db.select({ order: gameSessions.itemOrder }).from(gameSessions).where(eq(gameSessions.id, id)))[0].order!;
    const [a, b] = [await orderOf(first), await orderOf(second)];
    expect(a).toHaveLength(10);
    expect([...a].sort()).toEqual([...b].sort());
    // Two shuffles of 10 items agree with probability 1 in 3,628,800.
    expect(a).not.toEqual(b);

    const played = await playThrough(first);
    expect(played).toEqual(a);
    expect(new Set(played).size).toBe(10);
  });

  it('plays a session made before orders existed by position', async () => {
    const id = await startSession(t.app, host);
    await t.database.db.update(gameSessions).set({ itemOrder: null }).where(eq(gameSessions.id, id));
    const [{ levelId }] = await t.database.db.select({ levelId: gameSessions.levelId }).from(gameSessions).where(eq(gameSessions.id, id));
    const byPosition = await t.database.db.select({ id: items.id }).from(items).where(eq(items.levelId, levelId)).orderBy(asc(items.position));
    expect(byPosition).toHaveLength(10);
    expect(await playThrough(id)).toEqual(byPosition.map((i) => i.id));
  });

  it('puts items the order does not name last, by position', () => {
    const list = [0, 1, 2, 3].map((p) => ({ id: `i${p}`, position: p, payload: {} }));
    expect(inSessionOrder(list, ['i2', 'i0', 'gone']).map((i) => i.id)).toEqual(['i2', 'i0', 'i1', 'i3']);
  });
});
