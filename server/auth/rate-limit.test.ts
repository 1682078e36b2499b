import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { messages } from '@core/messages';
import { TEST_ORIGIN, type TestApp, createTestApp, createUser, post } from '../../test/app';
import { MAIL_LIMIT } from './mail-limit';
import { databaseRateLimitStore } from './rate-limit-store';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'true' });
});
afterAll(() => t.close());

/** A Retry-After in whole seconds, within the window that was hit. */
function expectRetryAfter(res: LightMyRequestResponse, window: number) {
  expect(res.statusCode).toBe(429);
  const seconds = Number(res.headers['retry-after']);
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(window);
}

let clients = 0;
/** Each call from an address of its own, so only the per-address limit can refuse it. */
const fromNewClient = (url: string, email: string) =>
  t.app.inject({ method: 'POST', url, remoteAddress: `198.51.100.${++clients}`, headers: { origin: TEST_ORIGIN }, payload: { email } });

describe('rate limits', () => {
  it('limits password-reset requests per client to 3 a minute, with a clear 429', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await post(t.app, '/api/auth/request-password-reset', { email: `x${i}@example.com` })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    const res = await post(t.app, '/api/auth/request-password-reset', { email: 'y@example.com' });
    expect(res.json()).toEqual({ error: { code: 'TOO_MANY_REQUESTS', message: messages.auth.tooManyRequests } });
    expectRetryAfter(res, 60);
  });

  it('says when to retry on every limit, sign-in included', async () => {
    const codes: number[] = [];
    let last;
    for (let i = 0; i < 11; i++) {
      last = await post(t.app, '/api/auth/sign-in/email', { email: 'nobody@example.com', password: 'Wrong-password1' }, undefined);
      codes.push(last.statusCode);
    }
    expect(codes.at(-1)).toBe(429);
    expectRetryAfter(last!, 60);
  });

  it('counts atomically under concurrency in the shared database store', async () => {
    const store = databaseRateLimitStore(t.database.db);
    const results = await Promise.all(Array.from({ length: 20 }, () => store.consume('concurrency-key', { window: 60, max: 7 })));
    expect(results.filter((r) => r.allowed)).toHaveLength(7);
    expect(results.find((r) => !r.allowed)?.retryAfter).toBeGreaterThan(0);
  });
});

describe('mail to one address (3 an hour, whoever asks)', () => {
  it.each([
    ['/api/auth/request-password-reset', 'Reset your Twogether password'],
    ['/api/auth/send-verification-email', 'Confirm your e-mail for Twogether'],
  ])('refuses the 4th mail from %s to one address, in any case, and sends it not', async (url, subject) => {
    const victim = await createUser(t.app);
    const bystander = await createUser(t.app);
    const sent = (to: string) => t.mails.filter((m) => m.to === to && m.subject === subject).length;
    const variants = [victim.email, victim.email.toUpperCase(), ` ${victim.email} `, victim.email];
    const codes: number[] = [];
    let refused;
    for (const email of variants) {
      const res = await fromNewClient(url, email);
      codes.push(res.statusCode);
      if (res.statusCode === 429) refused = res;
    }
    expect(codes).toEqual([200, 200, 200, 429]);
    expect(refused!.json()).toEqual({ error: { code: 'TOO_MANY_REQUESTS', message: messages.auth.tooManyRequests } });
    expectRetryAfter(refused!, MAIL_LIMIT.window);
    expect(sent(victim.email)).toBe(MAIL_LIMIT.max);

    expect((await fromNewClient(url, bystander.email)).statusCode).toBe(200);
    expect(sent(bystander.email)).toBe(1);
  });

  it('answers an address without an account exactly as one with', async () => {
    const user = await createUser(t.app);
    const answers = async (email: string) => {
      const out: [number, unknown][] = [];
      for (let i = 0; i < 4; i++) {
        const res = await fromNewClient('/api/auth/request-password-reset', email);
        out.push([res.statusCode, res.json()]);
      }
      return out;
    };
    expect(await answers('nobody-here@example.com')).toEqual(await answers(user.email));
  });
});

describe('behind a proxy (TRUST_PROXY=1)', () => {
  it('keys on the address the proxy saw, so a forged X-Forwarded-For cannot dodge the limit', async () => {
    const proxied = await createTestApp({ RATE_LIMIT: 'true', TRUST_PROXY: '1' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await proxied.app.inject({
          method: 'POST',
          url: '/api/auth/request-password-reset',
          headers: { origin: 'http://localhost:3000', 'x-forwarded-for': `10.0.0.${i}, 203.0.113.7` },
          payload: { email: `p${i}@example.com` },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await proxied.close();
    }
  });
});
