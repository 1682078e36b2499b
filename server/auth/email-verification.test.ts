import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@core/messages';
import { type TestApp, createTestApp, post } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false', REQUIRE_EMAIL_VERIFICATION: 'true' });
});
afterAll(() => t.close());

describe('with REQUIRE_EMAIL_VERIFICATION on', () => {
  it('signs up without a session, mails a link, refuses login until the link is opened', async () => {
    const email = 'verify-me@example.com';
    const res = await post(t.app, '/api/auth/sign-up/email', { email, username: 'vera', password: 'Sunshine123', confirmPassword: 'Sunshine123' });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeNull();
    expect(res.headers['set-cookie'] ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/session_token=[^;]+/)]));

    const mail = t.mails.find((m) => m.to === email)!;
    expect(mail.subject).toBe('Confirm your e-mail for Twogether');
    expect(mail.html).toContain('Confirm my e-mail');

    const before = await post(t.app, '/api/auth/sign-in/email', { email, password: 'Sunshine123' });
    expect(before.statusCode).toBe(403);
    expect(before.json().error.message).toBe(messages.auth.emailNotVerified);

    const link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
    const verify = await t.app.inject({ url: `${link.pathname}${link.search}` });
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toContain('/login?verified=1');

    const after = await post(t.app, '/api/auth/sign-in/email', { email, password: 'Sunshine123' });
    expect(after.statusCode).toBe(200);
  });

  it('tells the client that verification is on', async () => {
    expect((await t.app.inject({ url: '/api/config' })).json()).toMatchObject({ requireEmailVerification: true });
  });
});
