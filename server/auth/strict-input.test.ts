import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@core/messages';
import { TEST_ORIGIN, type TestApp, type TestUser, createTestApp, createUser, post } from '../../test/app';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
  user = await createUser(t.app);
});
afterAll(() => t.close());

const NUL = 'A1b2C3d4E5f6G7h8I9j0K1l\u0000';
const LONE_SURROGATE = 'A1b2C3d4E5f6G7h8I9j0K1l\ud800';
/** 5,000 levels of arrays, about 10 KB: under the body limit, deeper than anyone needs. */
const deeplyNested = `{"email":"a@b.co","x":${'['.repeat(5000)}${']'.repeat(5000)}}`;

const postRaw = (url: string, payload: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) } });

describe('reset tokens are checked by their shape', () => {
  it.each([
    ['a NUL', NUL],
    ['an unpaired surrogate', LONE_SURROGATE],
    ['a wrong length', 'A1b2C3d4'],
    ['another alphabet', 'A1b2C3d4E5f6G7h8I9j0K1-_'],
  ])('refuses a token with %s with 400 and the documented text', async (_, token) => {
    const res = await post(t.app, '/api/auth/reset-password', { token, password: 'NewSunshine9', confirmPassword: 'NewSunshine9' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: messages.auth.resetTokenInvalid } });
  });

  it.each(['A1b2C3d4E5f6G7h8I9j0K1l%00', 'A1b2C3d4E5f6G7h8I9j0K1l%ED%A0%80', 'x'.repeat(300), 'a&token=b'])(
    'answers the reset page that the token %s is not valid, without a lookup',
    async (token) => {
      const res = await t.app.inject({ url: `/api/account/reset-token?token=${token}` });
      expect([res.statusCode, res.json()]).toEqual([200, { valid: false }]);
    },
  );

  it('refuses a malformed token in the mailed link with 400, and follows a well-formed one', async () => {
    for (const token of ['a%00b', 'short', `${'A'.repeat(24)}%ED%A0%80`]) {
      const res = await t.app.inject({ url: `/api/auth/reset-password/${token}?callbackURL=/reset-password` });
      expect(res.statusCode).toBe(400);
    }
    const unknown = await t.app.inject({ url: `/api/auth/reset-password/${'A'.repeat(24)}?callbackURL=/reset-password` });
    expect(unknown.statusCode).toBe(302);
    expect(unknown.headers.location).toContain('error=INVALID_TOKEN');
    const elsewhere = await t.app.inject({ url: `/api/auth/reset-password/${'A'.repeat(24)}?callbackURL=https://evil.example/` });
    expect(elsewhere.statusCode).toBe(400);
  });

  it('refuses a malformed verification link with 400 and its own text', async () => {
    for (const query of ['token=a%00b', 'token=%ED%A0%80&callbackURL=%00', 'token=a.b.c&callbackURL=https://evil.example/', 'token=a.b.c&token=d.e.f', '']) {
      const res = await t.app.inject({ url: `/api/auth/verify-email?${query}` });
      expect(res.statusCode, query).toBe(400);
    }
    const res = await t.app.inject({ url: '/api/auth/verify-email?token=a%00b' });
    expect(res.json().error.message).toBe(messages.auth.verificationLinkInvalid);
  });
});

describe('forwarded bodies are validated, never passed on as they came', () => {
  it.each(['/api/auth/sign-out', '/api/auth/send-verification-email', '/api/auth/sign-in/email', '/api/auth/request-password-reset'])(
    'answers 5,000 levels of nesting to %s with 400, signed out and in',
    async (url) => {
      for (const cookie of [undefined, user.cookie]) {
        const res = await postRaw(url, deeplyNested, cookie);
        expect(res.statusCode).toBeLessThan(500);
      }
      const res = await postRaw('/api/auth/sign-out', deeplyNested, user.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    },
  );

  it('signs out with an empty body, and refuses any field it does not take', async () => {
    const other = await createUser(t.app);
    const extra = await post(t.app, '/api/auth/sign-out', { callbackURL: 'https://evil.example/' }, other.cookie);
    expect([extra.statusCode, extra.json().error.message]).toEqual([400, messages.http.badRequest]);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: other.cookie } })).json().user).not.toBeNull();
    expect((await post(t.app, '/api/auth/sign-out', {}, other.cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: other.cookie } })).json().user).toBeNull();
  });

  it.each([
    ['/api/auth/sign-in/email', { email: 'a\u0000@b.co', password: 'Sunshine123' }, messages.auth.invalidCredentials],
    ['/api/auth/sign-in/email', { email: 'a\ud800@b.co', password: 'Sunshine123' }, messages.auth.invalidCredentials],
    ['/api/auth/sign-up/email', { email: 'a\u0000@b.co', username: 'x', password: 'Sunshine123', confirmPassword: 'Sunshine123' }, messages.auth.emailInvalid],
    ['/api/auth/sign-up/email', { email: 'nul@b.co', username: 'a\u0000b', password: 'Sunshine123', confirmPassword: 'Sunshine123' }, messages.auth.usernameCharacters],
    ['/api/auth/request-password-reset', { email: 'a\u0000@b.co' }, messages.auth.emailInvalid],
    ['/api/auth/send-verification-email', { email: 'a\ud800@b.co' }, messages.auth.emailInvalid],
  ])('refuses odd characters at %s with 400: %j', async (url, payload, message) => {
    const res = await post(t.app, url, payload);
    expect([res.statusCode, res.json().error.message]).toEqual([400, message]);
  });

  it.each(['[{"email":"a@b.co"}]', '"a@b.co"', 'null', '{"email":{"toString":"a@b.co"}}'])('refuses the body %s where an object is due', async (payload) => {
    expect((await postRaw('/api/auth/send-verification-email', payload)).statusCode).toBe(400);
  });

  it('still mails a verification link to an unverified account', async () => {
    const res = await post(t.app, '/api/auth/send-verification-email', { email: user.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    const mail = t.mails.findLast((m) => m.to === user.email);
    expect(mail?.subject).toBe('Confirm your e-mail for Twogether');
    expect(mail?.text).toContain('callbackURL=%2Flogin%3Fverified%3D1');
  });
});
