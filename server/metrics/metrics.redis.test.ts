import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, createTestApp } from '../../test/app';
import { RedisServer, freePort, hasRedisServer } from '../../test/redis-server';
import { closeRedis, connectRedis } from '../cache/redis';

/** `twogether_redis_connected` follows a real Redis going away and coming back (decision 013), the scrape always 200. */
const TOKEN = 'metrics-token-for-the-tests-0123456789';
const server = new RedisServer(0);
let redis: Redis;
let t: TestApp;

async function redisGauge(): Promise<number> {
  const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  const line = res.body.split('\n').find((l) => l.startsWith('twogether_redis_connected '));
  return Number(line?.split(' ')[1]);
}

describe.skipIf(!hasRedisServer)('the Redis gauge', () => {
  beforeAll(async () => {
    Object.assign(server, { port: await freePort() });
    await server.start();
    redis = await connectRedis(server.url);
    t = await createTestApp({ METRICS_TOKEN: TOKEN, RATE_LIMIT: 'false' }, {}, { redis });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    if (redis) await closeRedis(redis);
    await server.stop();
  }, 60_000);

  it('says 1 while Redis serves, 0 while it is away, and 1 again once the app trusts it again', async () => {
    await vi.waitFor(async () => expect(await redisGauge()).toBe(1), { timeout: 10_000 });
    const lost = new Promise((resolve) => redis.once('close', resolve));
    await server.stop();
    await lost;
    expect(await redisGauge()).toBe(0);
    await server.start();
    await vi.waitFor(async () => expect(await redisGauge()).toBe(1), { timeout: 10_000 });
  });
});
