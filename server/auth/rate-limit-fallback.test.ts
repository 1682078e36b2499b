import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { memoryRateLimitStore, redisRateLimitStore } from './rate-limit-store';

const rule = { window: 60, max: 3 };
const consumeMany = async (store: ReturnType<typeof memoryRateLimitStore>, key: string, n: number) => {
  const results = [];
  for (let i = 0; i < n; i++) results.push(await store.consume(key, rule));
  return results;
};

describe('rate limits while Redis is away', () => {
  it('count in this process when Redis refuses, with the same rule and a Retry-After', async () => {
    const down = { eval: async () => Promise.reject(new Error("Stream isn't writeable and enableOfflineQueue options is false")) } as unknown as Redis;
    const results = await consumeMany(redisRateLimitStore(down), 'sign-in:203.0.113.7', 5);
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    expect(results[3].retryAfter).toBeGreaterThan(0);
    expect(results[3].retryAfter).toBeLessThanOrEqual(60);
  });

  it('start a new window once the old one is over, per key', async () => {
    const store = memoryRateLimitStore();
    await consumeMany(store, 'k', 3);
    expect((await store.consume('k', rule)).allowed).toBe(false);
    expect((await store.consume('other', rule)).allowed).toBe(true);
    const short = { window: 1, max: 1 };
    await store.consume('brief', short);
    expect((await store.consume('brief', short)).allowed).toBe(false);
    await expect.poll(async () => (await store.consume('brief', short)).allowed, { timeout: 3_000, interval: 200 }).toBe(true);
  });

  it('keep a bounded number of counters', async () => {
    const store = memoryRateLimitStore(2);
    await consumeMany(store, 'a', 3);
    await store.consume('b', rule);
    await store.consume('c', rule); // makes room: the oldest counter goes
    expect((await store.consume('a', rule)).allowed).toBe(true);
  });
});
