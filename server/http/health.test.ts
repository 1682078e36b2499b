import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('is live, and ready without Redis when none is configured', async () => {
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('is not ready when the database is down: 503, for the load balancer to send traffic elsewhere', async () => {
    const broken = await createTestApp();
    try {
      await broken.database.close();
      const ready = await broken.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'down', database: 'down' });
    } finally {
      await broken.app.close();
    }
  });
});
