import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionInvite, listSessionInvites, updateSessionInvite } from '@core/contracts/session-invites';
import { SESSION_INVITE_LIFETIME_HOURS } from '@core/limits';
import { messages } from '@core/messages';
import { type TestApp, type TestUser, clientFor, createTestApp, createUser, linkPartners, startSession } from '../../../test/app';
import { manualClock } from '../../clock';

/** An invitation's 24 hours are the app's clock's (docs/decisions/032): moved forward, never slept through. */
const HOUR_MS = 60 * 60 * 1000;
const clock = manualClock('2026-03-01T12:00:00.000Z');
let t: TestApp;
let a: TestUser;
let b: TestUser;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' }, {}, { clock });
  [a, b] = await Promise.all([createUser(t.app), createUser(t.app)]);
  await linkPartners(t.app, a, b);
});
afterAll(() => t.close());

const bell = async (u: TestUser) => (await clientFor(t.app).call(listSessionInvites, {}, { as: u })).invites.map((i) => i.id);

describe('a session invitation by the clock', () => {
  it('is in the bell and can be joined for 24 hours, then leaves the bell and can only be declined', async () => {
    const client = clientFor(t.app);
    const { invite } = await client.call(createSessionInvite, { body: { sessionId: await startSession(t.app, a) } }, { as: a });
    expect(invite.createdAt).toBe(clock.now().toISOString());
    expect(Date.parse(invite.expiresAt) - clock.now().getTime()).toBe(SESSION_INVITE_LIFETIME_HOURS * HOUR_MS);

    clock.advance(SESSION_INVITE_LIFETIME_HOURS * HOUR_MS - 1000);
    expect(await bell(b)).toContain(invite.id);

    clock.advance(1000);
    expect(await bell(b)).not.toContain(invite.id);
    const joined = await client.reply(updateSessionInvite, { params: { id: invite.id }, body: { status: 'accepted' } }, { as: b, expect: 410 });
    expect(joined.json).toMatchObject({ error: { code: 'SESSION_INVITE_EXPIRED', message: messages.invites.expired } });
    const declined = await client.call(updateSessionInvite, { params: { id: invite.id }, body: { status: 'rejected' } }, { as: b });
    expect(declined.invite.status).toBe('rejected');
  });

  it('sent again a day later is offered for another 24 hours from then', async () => {
    const client = clientFor(t.app);
    const sessionId = await startSession(t.app, a);
    const first = await client.call(createSessionInvite, { body: { sessionId } }, { as: a });
    clock.advance(SESSION_INVITE_LIFETIME_HOURS * HOUR_MS + 1000);
    expect(await bell(b)).not.toContain(first.invite.id);

    const again = await client.call(createSessionInvite, { body: { sessionId } }, { as: a });
    expect(again.resent).toBe(true);
    expect(again.invite.expiresAt).toBe(new Date(clock.now().getTime() + SESSION_INVITE_LIFETIME_HOURS * HOUR_MS).toISOString());
    expect(await bell(b)).toContain(first.invite.id);
  });
});
