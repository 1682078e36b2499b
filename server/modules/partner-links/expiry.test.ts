import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptPartnerInvite, createPartnerInvite, getOpenPartnerInvite, lookupPartnerInvite } from '@core/contracts/partner-links';
import { messages } from '@core/messages';
import { PARTNER_INVITE_LIFETIME_HOURS } from '@core/limits';
import { type TestApp, clientFor, createTestApp, createUser } from '../../../test/app';
import { manualClock } from '../../clock';

/** The link's 24 hours are the app's clock's (docs/decisions/032): moved forward, never slept through. */
const HOUR_MS = 60 * 60 * 1000;
const clock = manualClock('2026-03-01T12:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' }, {}, { clock });
});
afterAll(() => t.close());

describe('a partner invite link by the clock', () => {
  it('works until its 24 hours are up, then is refused as expired and no longer offered', async () => {
    const client = clientFor(t.app);
    const [sender, receiver] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const invite = await client.call(createPartnerInvite, {}, { as: sender });
    expect(Date.parse(invite.expiresAt) - clock.now().getTime()).toBe(PARTNER_INVITE_LIFETIME_HOURS * HOUR_MS);

    clock.advance(PARTNER_INVITE_LIFETIME_HOURS * HOUR_MS - 1000);
    expect((await client.call(lookupPartnerInvite, { query: { token: invite.token } })).sender.id).toBe(sender.id);
    expect((await client.call(getOpenPartnerInvite, {}, { as: sender })).invite?.token).toBe(invite.token);

    clock.advance(1000);
    const lookedUp = await client.reply(lookupPartnerInvite, { query: { token: invite.token } }, { expect: 410 });
    expect(lookedUp.json).toMatchObject({ error: { code: 'INVITE_EXPIRED', message: messages.partner.inviteExpired } });
    expect((await client.call(getOpenPartnerInvite, {}, { as: sender })).invite).toBeNull();
    const accepted = await client.reply(acceptPartnerInvite, { body: { token: invite.token } }, { as: receiver, expect: 404 });
    expect(accepted.json).toMatchObject({ error: { code: 'INVITE_INVALID', message: messages.partner.invalidToken } });
    expect((await client.me(receiver)).user?.partner).toBeNull();
  });

  it('links with the clock’s time', async () => {
    const client = clientFor(t.app);
    const [sender, receiver] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const invite = await client.call(createPartnerInvite, {}, { as: sender });
    const { linkedAt } = await client.call(acceptPartnerInvite, { body: { token: invite.token } }, { as: receiver });
    expect(linkedAt).toBe(clock.now().toISOString());
  });
});
