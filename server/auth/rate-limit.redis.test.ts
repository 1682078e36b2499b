import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisRateLimitStore } from './rate-limit-store';

let redis: Redis;
beforeAll(() => {
  redis = new Redis(process.env.TEST_REDIS_URL!, { maxRetriesPerRequest: 1 });
});
afterAll(() => redis.quit());

describe('Redis rate-limit store', () => {
  it('counts atomically across clients, as two processes would', async () => {
    const other = new Redis(process.env.TEST_REDIS_URL!);
    const key = `test-${randomBytes(6).toString('hex')}`;
    const stores = [redisRateLimitStore(redis), redisRateLimitStore(other)];
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => stores[i % 2].consume(key, { window: 30, max: 5 })));
    await other.quit();
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    const refused = results.find((r) => !r.allowed)!;
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(refused.retryAfter).toBeLessThanOrEqual(30);
    expect(await redis.ttl(`rl:${key}`)).toBeGreaterThan(0);
    await redis.del(`rl:${key}`);
  });
});
