import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveClock, MAX_CLOCK_STEP_MS } from '@core/contracts/dev';
import { createPartnerInvite, lookupPartnerInvite } from '@core/contracts/partner-links';
import { type TestApp, type TestUser, clientFor, createTestApp, createUser } from '../../../test/app';
import { DAY_MS } from '../../clock';

/** With ENABLE_TEST_HELPERS the app runs on an offsetClock that POST /api/test/clock moves (docs/decisions/032). */
let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false', ENABLE_TEST_HELPERS: 'true' });
  user = await createUser(t.app);
});
afterAll(() => t.close());

describe('time travel', () => {
  it('moves the clock every expiry reads: a link made now has expired a day later', async () => {
    const client = clientFor(t.app);
    const made = Date.now();
    const invite = await client.call(createPartnerInvite, {}, { as: user });
    // Made between these two instants, by the app's clock, which runs with this one until moved.
    expect(Date.parse(invite.expiresAt) - DAY_MS).toBeGreaterThanOrEqual(made);
    expect(Date.parse(invite.expiresAt) - DAY_MS).toBeLessThanOrEqual(Date.now());
    await client.call(lookupPartnerInvite, { query: { token: invite.token } });

    const before = Date.now();
    const { now } = await client.call(moveClock, { body: { advanceMs: DAY_MS } }, { as: user });
    expect(Date.parse(now) - before).toBeGreaterThanOrEqual(DAY_MS);
    expect(Date.parse(now) - Date.now()).toBeLessThanOrEqual(DAY_MS);
    expect(t.app.clock.now().getTime()).toBeGreaterThanOrEqual(Date.parse(now));
    await client.reply(lookupPartnerInvite, { query: { token: invite.token } }, { expect: 410 });
  });

  it('goes forward only, at most a year at a time, and only for a signed-in user', async () => {
    const client = clientFor(t.app);
    const at = t.app.clock.now().getTime();
    for (const advanceMs of [-1, 1.5, MAX_CLOCK_STEP_MS + 1, '1000']) {
      const res = await client.send('POST', moveClock.path, { as: user, body: { advanceMs } });
      expect([advanceMs, res.status]).toEqual([advanceMs, 400]);
    }
    expect((await client.send('POST', moveClock.path, { body: { advanceMs: DAY_MS } })).status).toBe(401);
    expect(t.app.clock.now().getTime() - at).toBeLessThan(DAY_MS);
  });

  it('is not there without ENABLE_TEST_HELPERS', async () => {
    const plain = await createTestApp({ RATE_LIMIT: 'false' });
    try {
      const other = await createUser(plain.app);
      expect((await clientFor(plain.app).send('POST', moveClock.path, { as: other, body: { advanceMs: 1 } })).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
