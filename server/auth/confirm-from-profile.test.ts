import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMe } from '@core/contracts/account';
import { type ApiClient } from '../../test/api-client';
import { type TestApp, clientFor, createTestApp, createUser, post } from '../../test/app';

/**
 * Confirming an address from the profile (docs/product/notifications.md#your-address, decision 054), with the
 * default REQUIRE_EMAIL_VERIFICATION=false: the link comes back to the profile, /api/me says so at once (no
 * cached viewer in the way), and a password reset confirms the address as well.
 */
let t: TestApp;
let api: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  api = clientFor(t.app);
});
afterAll(() => t.close());

const linkIn = (to: string) => new URL(/https?:\/\/\S+/.exec(t.mails.filter((m) => m.to === to).at(-1)!.text)![0]);

describe('confirming the address from the profile', () => {
  it('mails a link that returns to the profile, after which /api/me says the address is confirmed', async () => {
    const user = await createUser(t.app);
    expect((await api.call(getMe, {}, { as: user })).user?.emailVerified).toBe(false);
    const sent = await post(t.app, '/api/auth/send-verification-email', { email: user.email, returnTo: 'profile' }, user.cookie);
    expect(sent.statusCode).toBe(200);
    const link = linkIn(user.email);
    expect(link.searchParams.get('callbackURL')).toBe('/profile?confirmed=1');
    const followed = await t.app.inject({ url: link.pathname + link.search, headers: { cookie: user.cookie } });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe('/profile?confirmed=1');
    expect((await api.call(getMe, {}, { as: user })).user?.emailVerified).toBe(true);
  });

  it('keeps the login page as where a link asked for elsewhere lands, and refuses any other place to return to', async () => {
    const user = await createUser(t.app);
    await post(t.app, '/api/auth/send-verification-email', { email: user.email });
    expect(linkIn(user.email).searchParams.get('callbackURL')).toBe('/login?verified=1');
    const elsewhere = await post(t.app, '/api/auth/send-verification-email', { email: user.email, returnTo: 'https://evil.example.com' });
    expect(elsewhere.statusCode).toBe(400);
    const forged = await t.app.inject({ url: `/api/auth/verify-email?token=a.b.c&callbackURL=${encodeURIComponent('https://evil.example.com')}` });
    expect(forged.statusCode).toBe(400);
  });

  it('is confirmed by following a password-reset link: it proves the same mailbox', async () => {
    const user = await createUser(t.app);
    await post(t.app, '/api/auth/request-password-reset', { email: user.email });
    const token = linkIn(user.email).pathname.split('/').at(-1)!;
    const reset = await post(t.app, '/api/auth/reset-password', { token, password: 'NewSunshine9', confirmPassword: 'NewSunshine9' });
    expect(reset.statusCode).toBe(200);
    const login = await post(t.app, '/api/auth/sign-in/email', { email: user.email, password: 'NewSunshine9' });
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).json().user.emailVerified).toBe(true);
  });
});

describe('the confirmation mail’s limits', () => {
  it('sends at most 3 an hour to one address, asked from the profile as from anywhere', async () => {
    const limited = await createTestApp({ RATE_LIMIT: 'true' });
    try {
      const user = await createUser(limited.app);
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await post(limited.app, '/api/auth/send-verification-email', { email: user.email, returnTo: 'profile' }, user.cookie)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(limited.mails.filter((m) => m.to === user.email)).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });
});
