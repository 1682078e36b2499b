import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, post } from '../../test/app';
import { databaseRateLimitStore } from './rate-limit-store';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'true' });
});
afterAll(() => t.close());

describe('rate limits', () => {
  it('limits password-reset requests per client to 3 a minute, with a clear 429', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await post(t.app, '/api/auth/request-password-reset', { email: `x${i}@example.com` })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    const res = await post(t.app, '/api/auth/request-password-reset', { email: 'y@example.com' });
    expect(res.json().error.message).toBe('Too many attempts. Please wait a moment and try again.');
  });

  it('counts atomically under concurrency in the shared database store', async () => {
    const store = databaseRateLimitStore(t.database.db);
    const results = await Promise.all(Array.from({ length: 20 }, () => store.consume('concurrency-key', { window: 60, max: 7 })));
    expect(results.filter((r) => r.allowed)).toHaveLength(7);
    expect(results.find((r) => !r.allowed)?.retryAfter).toBeGreaterThan(0);
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
