import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMe, updateMe } from '@core/contracts/account';
import { signIn, signUp } from '@core/contracts/auth';
import { messages } from '@core/messages';
import { DEFAULT_PASSWORD } from '../../../test/api-client';
import { type TestApp, clientFor, createTestApp } from '../../../test/app';
import { users } from '../../db/schema';

/** Each person's time zone (docs/product/accounts.md#time-zone): from the browser at sign-up and login, or the profile. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

let count = 0;
/** Signs up as the browser would, sending `timeZone` when given; the new user's id, e-mail and cookie. */
async function signUpIn(timeZone?: unknown) {
  const email = `zone-${++count}-${Date.now()}@example.com`;
  const body = { email, username: `zone${count}`, password: DEFAULT_PASSWORD, confirmPassword: DEFAULT_PASSWORD, ...(timeZone === undefined ? {} : { timeZone }) };
  const reply = await clientFor(t.app).send('POST', signUp.path, { body, expect: 200 });
  return { id: (reply.json as { user: { id: string } }).user.id, email, cookie: reply.cookie };
}
const zoneOf = async (user: { cookie: string }) => (await clientFor(t.app).call(getMe, {}, { as: user })).user?.timeZone;
const logIn = async (email: string, timeZone?: unknown) =>
  (await clientFor(t.app).send('POST', signIn.path, { body: { email, password: DEFAULT_PASSWORD, ...(timeZone === undefined ? {} : { timeZone }) }, expect: 200 })).cookie;

describe('a person’s time zone', () => {
  it('is the browser’s at sign-up, and UTC when the browser sent none or one that is not a time zone', async () => {
    expect(await zoneOf(await signUpIn('America/New_York'))).toBe('America/New_York');
    expect(await zoneOf(await signUpIn())).toBe('UTC');
    for (const invalid of ['Mars/Olympus_Mons', 'x'.repeat(300), 42, '../etc/passwd']) expect(await zoneOf(await signUpIn(invalid))).toBe('UTC');
  });

  it('follows the browser at login, and stays when the login sends none or an invalid one', async () => {
    const user = await signUpIn('Europe/Paris');
    const cookie = await logIn(user.email, 'Asia/Tokyo');
    expect(await zoneOf({ cookie })).toBe('Asia/Tokyo');
    expect(await zoneOf({ cookie: await logIn(user.email) })).toBe('Asia/Tokyo');
    expect(await zoneOf({ cookie: await logIn(user.email, 'Not/A_Zone') })).toBe('Asia/Tokyo');
    expect(await zoneOf({ cookie: await logIn(user.email, 'Asia/Tokyo') })).toBe('Asia/Tokyo');
  });

  it('is never changed by signing up again with someone’s address (Better Auth answers a made-up account)', async () => {
    const strict = await createTestApp({ RATE_LIMIT: 'false', REQUIRE_EMAIL_VERIFICATION: 'true' });
    try {
      const client = clientFor(strict.app);
      const body = { email: `taken-${Date.now()}@example.com`, username: 'taken', password: DEFAULT_PASSWORD, confirmPassword: DEFAULT_PASSWORD };
      const first = await client.send('POST', signUp.path, { body: { ...body, timeZone: 'Europe/Paris' }, expect: 200 });
      const again = await client.send('POST', signUp.path, { body: { ...body, timeZone: 'Asia/Tokyo' }, expect: 200 });
      const ids = [first, again].map((r) => (r.json as { user: { id: string } }).user.id);
      expect(ids[1]).not.toBe(ids[0]);
      const [row] = await strict.database.db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, ids[0]));
      expect(row?.timeZone).toBe('Europe/Paris');
    } finally {
      await strict.close();
    }
  });

  it('is changed on the profile, and the answer is the user with it', async () => {
    const user = await signUpIn('Europe/Paris');
    const { user: me } = await clientFor(t.app).call(updateMe, { body: { timeZone: 'Pacific/Auckland' } }, { as: user });
    expect(me).toMatchObject({ id: user.id, timeZone: 'Pacific/Auckland' });
    expect(await zoneOf(user)).toBe('Pacific/Auckland');
    // The same zone again is no change, and no error.
    expect((await clientFor(t.app).call(updateMe, { body: { timeZone: 'Pacific/Auckland' } }, { as: user })).user.timeZone).toBe('Pacific/Auckland');
  });

  it('refuses a profile change to anything but an IANA name with 400 and the product’s text', async () => {
    const user = await signUpIn('Europe/Paris');
    for (const timeZone of ['Mars/Olympus_Mons', '', 'UTC+2', 'Europe/Paris\u0000', 7, null]) {
      const res = await clientFor(t.app).send('PATCH', updateMe.path, { as: user, body: { timeZone } });
      expect([timeZone, res.status, res.json]).toEqual([timeZone, 400, { error: { code: 'VALIDATION_FAILED', message: messages.account.timeZoneInvalid } }]);
    }
    expect(await zoneOf(user)).toBe('Europe/Paris');
  });

  it('is the signed-in user’s own: a visitor is refused with 401, and a partner’s stays as it was', async () => {
    const visitor = await clientFor(t.app).send('PATCH', updateMe.path, { body: { timeZone: 'Europe/Paris' } });
    expect(visitor.status).toBe(401);
    const [a, b] = [await signUpIn('Europe/Paris'), await signUpIn('America/Chicago')];
    await clientFor(t.app).linkPartners(a, b);
    await clientFor(t.app).call(updateMe, { body: { timeZone: 'Asia/Kolkata' } }, { as: a });
    expect([await zoneOf(a), await zoneOf(b)]).toEqual(['Asia/Kolkata', 'America/Chicago']);
  });
});
