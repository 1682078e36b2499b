import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@core/messages';
import { verifications } from '../db/schema';
import { TEST_ORIGIN, type TestApp, cookieFrom, createTestApp, createUser, post } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

const signup = (payload: unknown) => post(t.app, '/api/auth/sign-up/email', payload);
const login = (payload: unknown) => post(t.app, '/api/auth/sign-in/email', payload);

function resetTokenFromMail(to: string): string {
  const mail = [...t.mails].reverse().find((m) => m.to === to && m.subject.includes('Reset'));
  const url = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error('no reset mail');
  return new URL(url).pathname.split('/').pop()!;
}

describe('sign-up', () => {
  it('creates the account, signs in, and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const res = await signup({ email: 'Ana@Example.com', username: 'ana', password: 'Sunshine123', confirmPassword: 'Sunshine123' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: 'ana@example.com', name: 'ana' });
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('twogether.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/); // http://localhost; Secure is set when APP_URL is https
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: cookieFrom(res) } });
    expect(me.json().user).toMatchObject({ email: 'ana@example.com', username: 'ana', partner: null, gold: false });
  });

  it.each([undefined, '', '   '])('refuses a sign-up with the username %j: all fields are required', async (username) => {
    const res = await signup({ email: 'no.name@example.com', username, password: 'Sunshine123', confirmPassword: 'Sunshine123' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: messages.auth.fillAllFields } });
    expect((await login({ email: 'no.name@example.com', password: 'Sunshine123' })).statusCode).toBe(401);
  });

  it.each([
    [{}, messages.auth.fillAllFields],
    [{ email: 'a@b.co', password: 'Sunshine123' }, messages.auth.fillAllFields],
    [{ email: '', username: 'x', password: 'Sunshine123', confirmPassword: 'Sunshine123' }, messages.auth.fillAllFields],
    [{ email: 'not-an-email', username: 'x', password: 'Sunshine123', confirmPassword: 'Sunshine123' }, messages.auth.emailInvalid],
    [{ email: 'a@b.co', username: 'x', password: 'short', confirmPassword: 'short' }, messages.auth.passwordTooShort],
    [{ email: 'a@b.co', username: 'x', password: 'Sunshine123', confirmPassword: 'Sunshine124' }, messages.auth.passwordsDoNotMatch],
    [{ email: 42, password: ['x'], confirmPassword: null }, messages.auth.fillAllFields],
  ])('refuses %j with the documented text', async (payload, message) => {
    const res = await signup(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message } });
  });

  it('refuses a second account for the same e-mail with a 4xx', async () => {
    await createUser(t.app, { email: 'twice@example.com' });
    const res = await signup({ email: 'twice@example.com', username: 'twice', password: 'Sunshine123', confirmPassword: 'Sunshine123' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(messages.auth.emailTaken);
  });
});

describe('login and logout', () => {
  it('logs in with the right password and out again', async () => {
    const user = await createUser(t.app);
    const res = await login({ email: user.email.toUpperCase(), password: user.password });
    expect(res.statusCode).toBe(200);
    const cookie = cookieFrom(res);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    const out = await post(t.app, '/api/auth/sign-out', {}, cookie);
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ user: null });
    const write = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie, origin: TEST_ORIGIN }, payload: { confirm: true } });
    expect(write.statusCode).toBe(401);
    expect(write.json().error.message).toBe(messages.auth.notAuthenticated);
  });

  it.each([
    [{}, messages.auth.bothFieldsRequired],
    [{ email: 'a@b.co' }, messages.auth.bothFieldsRequired],
    [{ email: '  ', password: 'x' }, messages.auth.bothFieldsRequired],
  ])('refuses %j with the documented text', async (payload, message) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('answers a wrong password and an unknown e-mail alike, with 401', async () => {
    const user = await createUser(t.app);
    const wrong = await login({ email: user.email, password: 'Wrong-password1' });
    const unknown = await login({ email: 'nobody@example.com', password: 'Wrong-password1' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(messages.auth.invalidCredentials);
    }
  });
});

describe('bad requests', () => {
  it('refuses a non-JSON body with 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: TEST_ORIGIN, 'content-type': 'text/plain' }, payload: 'hello' });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(messages.http.badRequest);
  });

  it('refuses an oversized body with 413', async () => {
    const res = await post(t.app, '/api/auth/sign-up/email', { email: 'a@b.co', username: 'x'.repeat(100_000), password: 'Sunshine123', confirmPassword: 'Sunshine123' });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(messages.http.payloadTooLarge);
  });

  it('refuses an over-long password with 400, not 500', async () => {
    const res = await signup({ email: 'long@example.com', username: 'long', password: 'A1a'.repeat(100), confirmPassword: 'A1a'.repeat(100) });
    expect(res.statusCode).toBe(400);
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: messages.http.notFound } });
    expect((await t.app.inject({ url: '/api/auth/list-sessions' })).statusCode).toBe(404);
  });
});

describe('origin check', () => {
  it('refuses an auth request posted with the session cookie from another origin', async () => {
    const user = await createUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { origin: 'https://evil.example', cookie: user.cookie }, payload: {} });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: user.cookie } })).statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://evil.example' },
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(403);
  });

  it('refuses a cookie-carrying API write from another origin or with no origin', async () => {
    const user = await createUser(t.app);
    for (const origin of ['https://evil.example', undefined]) {
      const res = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie: user.cookie, ...(origin ? { origin } : {}) }, payload: { confirm: true } });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('INVALID_ORIGIN');
    }
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: user.cookie } })).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  const forgot = (payload: unknown) => post(t.app, '/api/auth/request-password-reset', payload);

  it.each([
    [{}, messages.auth.emailRequired],
    [{ email: '' }, messages.auth.emailRequired],
    [{ email: 'nope' }, messages.auth.emailInvalid],
  ])('refuses %j with the documented text', async (payload, message) => {
    const res = await forgot(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('answers the same whether or not the address exists, and mails only a real one', async () => {
    const user = await createUser(t.app);
    const before = t.mails.length;
    const known = await forgot({ email: user.email });
    const unknown = await forgot({ email: 'ghost@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(t.mails.length).toBe(before + 1);
    expect(t.mails.at(-1)).toMatchObject({ to: user.email, subject: 'Reset your Twogether password' });
    expect(t.mails.at(-1)!.html).toContain('Choose a new password');
  });

  it('resets once with a valid token; the token cannot be used twice', async () => {
    const user = await createUser(t.app);
    // Signed in and recently seen: the server remembers the session, and the reset must still end it.
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: user.cookie } })).json().user.id).toBe(user.id);
    await forgot({ email: user.email });
    const token = resetTokenFromMail(user.email);
    expect((await t.app.inject({ url: `/api/account/reset-token?token=${token}` })).json()).toEqual({ valid: true });

    const link = await t.app.inject({ url: `/api/auth/reset-password/${token}?callbackURL=/reset-password` });
    expect(link.statusCode).toBe(302);
    expect(link.headers.location).toContain(`/reset-password?token=${token}`);

    const weak = await post(t.app, '/api/auth/reset-password', { token, password: 'alllowercase1', confirmPassword: 'alllowercase1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.message).toBe(messages.auth.passwordRequirements);

    const ok = await post(t.app, '/api/auth/reset-password', { token, password: 'NewSunshine9', confirmPassword: 'NewSunshine9' });
    expect(ok.statusCode).toBe(200);
    expect((await login({ email: user.email, password: 'NewSunshine9' })).statusCode).toBe(200);
    expect((await login({ email: user.email, password: user.password })).statusCode).toBe(401);
    // The old session was revoked with the reset.
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: user.cookie } })).json().user).toBeNull();

    const again = await post(t.app, '/api/auth/reset-password', { token, password: 'Another1Pass', confirmPassword: 'Another1Pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(messages.auth.resetTokenInvalid);
    expect((await t.app.inject({ url: `/api/account/reset-token?token=${token}` })).json()).toEqual({ valid: false });
  });

  it('refuses an expired token', async () => {
    const user = await createUser(t.app);
    await forgot({ email: user.email });
    const token = resetTokenFromMail(user.email);
    await t.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    expect((await t.app.inject({ url: `/api/account/reset-token?token=${token}` })).json()).toEqual({ valid: false });
    const res = await post(t.app, '/api/auth/reset-password', { token, password: 'NewSunshine9', confirmPassword: 'NewSunshine9' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(messages.auth.resetTokenInvalid);
  });

  it('states the 24-hour lifetime it promises', async () => {
    const user = await createUser(t.app);
    await forgot({ email: user.email });
    const [row] = await t.database.db.select().from(verifications).where(like(verifications.identifier, 'reset-password:%')).orderBy(verifications.createdAt);
    const hours = (row.expiresAt.getTime() - row.createdAt.getTime()) / 3_600_000;
    expect(Math.round(hours)).toBe(24);
  });
});

describe('delete account', () => {
  it('requires confirmation, then removes the user, who can no longer log in', async () => {
    const user = await createUser(t.app);
    const headers = { origin: TEST_ORIGIN, cookie: user.cookie };
    const unconfirmed = await t.app.inject({ method: 'DELETE', url: '/api/account', headers, payload: {} });
    expect(unconfirmed.statusCode).toBe(400);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/account', headers, payload: { confirm: true } });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: user.cookie } })).json().user).toBeNull();
    expect((await login({ email: user.email, password: user.password })).statusCode).toBe(401);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: { origin: TEST_ORIGIN }, payload: { confirm: true } });
    expect(res.statusCode).toBe(401);
  });
});
