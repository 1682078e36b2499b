import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, type TestUser, createTestApp, createUser, linkPartners, post, startSession } from '../../../test/app';
import { responses } from '../../db/schema';

/**
 * An answer sent again (the outbox replays a kept pick after a reload or a lost reply, web/features/play/
 * use-answer-outbox.ts, docs/decisions/045-installable-and-offline.md) changes no answer: before the reveal, after
 * it, and once the host has moved on.
 */
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
const answer = (u: TestUser, id: string, body: unknown) => post(t.app, `/api/sessions/${id}/answers`, body, u.cookie);
/** What both players see of the session's answers, and the stored rows. */
const state = async (id: string) => ({
  host: (await snapshot(host, id)).answers,
  guest: (await snapshot(guest, id)).answers,
  rows: (await t.database.db.select({ item: responses.itemId, user: responses.userId, answer: responses.answer }).from(responses).where(eq(responses.sessionId, id)))
    .map((r) => `${r.item} ${r.user} ${JSON.stringify(r.answer)}`)
    .sort(),
});

describe('an answer sent again', () => {
  it('changes no answer, before the reveal, after it, and after the host moved on', async () => {
    const id = await startSession(t.app, host);
    const itemId = (await snapshot(guest, id)).current.id;
    expect((await answer(guest, id, { itemId, answer: 'a' })).statusCode).toBe(200);
    const before = await state(id);
    expect((await answer(guest, id, { itemId, answer: 'a' })).statusCode).toBe(200);
    expect(await state(id)).toEqual(before);

    expect((await answer(host, id, { itemId, answer: 'b' })).statusCode).toBe(200);
    const revealed = await state(id);
    expect(revealed.guest).toMatchObject({ mine: 'a', partner: 'b', bothAnswered: true });
    const replay = await answer(guest, id, { itemId, answer: 'a' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().live.answers).toMatchObject({ mine: 'a', partner: 'b', bothAnswered: true });
    expect(await state(id)).toEqual(revealed);

    expect((await post(t.app, `/api/sessions/${id}/next`, {}, host.cookie)).statusCode).toBe(200);
    const moved = await state(id);
    expect((await answer(guest, id, { itemId, answer: 'a' })).statusCode).toBe(409);
    expect(await state(id)).toEqual(moved);
  });
});
