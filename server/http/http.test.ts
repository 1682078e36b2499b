import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/app';
import { contentSecurityPolicy, redactUrl } from '../app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

describe('HTTP basics', () => {
  it('answers the health check with the database kind', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.database.kind });
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['content-security-policy']).not.toMatch(/stripe/);
  });

  it('lets the checkout page load Stripe.js and its frames only when Stripe is the payment provider', () => {
    const stripe = contentSecurityPolicy(true, { stripe: true });
    expect(stripe).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(stripe).toMatch(/frame-src https:\/\/js\.stripe\.com .*https:\/\/hooks\.stripe\.com/);
    expect(stripe).toMatch(/connect-src 'self' ws: wss: https:\/\/api\.stripe\.com/);
    expect(stripe).toMatch(/frame-ancestors 'none'/);
    expect(contentSecurityPolicy(true)).not.toMatch(/stripe|frame-src/);
  });

  it('publishes an OpenAPI document with the auth and account routes, and a docs page', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/sign-up/email', '/api/auth/sign-in/email', '/api/me', '/api/account']));
    expect(doc.paths['/api/auth/sign-up/email'].post.requestBody).toBeDefined();
    const page = await t.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('has no dev mailbox when mail goes through SMTP', async () => {
    const smtp = await createTestApp({ RATE_LIMIT: 'false', SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      expect((await smtp.app.inject({ url: '/dev/mailbox' })).statusCode).toBe(404);
      expect((await smtp.app.inject({ url: '/api/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await smtp.close();
    }
  });
});

describe('what is kept private', () => {
  it('serves the dev mailbox only to this machine', async () => {
    expect((await t.app.inject({ url: '/api/dev/mailbox' })).statusCode).toBe(200);
    const remote = await t.app.inject({ url: '/api/dev/mailbox', remoteAddress: '10.1.2.3' });
    expect(remote.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/dev/mailbox', remoteAddress: '192.168.0.9' })).statusCode).toBe(404);
  });

  it('logs URLs without query strings or tokens', () => {
    expect(redactUrl('/api/account/reset-token?token=abc')).toBe('/api/account/reset-token');
    expect(redactUrl('/api/auth/reset-password/Zx81kQ0pLmN3vB7cR2tY9uW4?callbackURL=/reset-password')).toBe('/api/auth/reset-password/[redacted]');
    expect(redactUrl('/invite/aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789_-abcde')).toBe('/invite/[redacted]');
    expect(redactUrl('/api/games/would_you_rather/categories')).toBe('/api/games/would_you_rather/categories');
  });

  it('answers a malformed URL in the JSON error shape', async () => {
    const res = await t.app.inject({ url: '/api/games/%ZZ/categories' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
  });
});
