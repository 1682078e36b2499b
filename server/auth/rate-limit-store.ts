import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { type Db, rowsOf } from '../db/client';

export interface RateLimitRule {
  window: number;
  max: number;
}
export interface RateLimitStore {
  consume(key: string, rule: RateLimitRule): Promise<{ allowed: boolean; retryAfter: number | null }>;
}

/** Fixed-window counters in PostgreSQL: one atomic upsert, so concurrent requests cannot slip past. */
export function databaseRateLimitStore(db: Db): RateLimitStore {
  return {
    async consume(key, { window, max }) {
      const rows = await db.execute(sql`
        insert into rate_limits (key, count, window_start) values (${key}, 1, now())
        on conflict (key) do update set
          count = case when rate_limits.window_start <= now() - make_interval(secs => ${window}) then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${window}) then now() else rate_limits.window_start end
        returning count, extract(epoch from now() - window_start)::float8 as elapsed`);
      const row = rowsOf<{ count: number; elapsed: number }>(rows)[0];
      // Counters of clients long gone are dropped now and then, so the table stays small.
      if (Math.random() < 0.01) await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
      const allowed = row.count <= max;
      return { allowed, retryAfter: allowed ? null : Math.max(1, Math.ceil(window - row.elapsed)) };
    },
  };
}

const consumeScript = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return {c, redis.call('TTL', KEYS[1])}`;

/**
 * The same counters in Redis when it is configured: INCR and EXPIRE in one script. Whenever Redis cannot answer
 * (down, or slow past the client's command timeout), `fallback` counts instead: a limit is never a 500.
 */
export function redisRateLimitStore(redis: Redis, fallback: RateLimitStore = memoryRateLimitStore()): RateLimitStore {
  return {
    async consume(key, { window, max }) {
      let reply: [number, number];
      try {
        reply = (await redis.eval(consumeScript, 1, `rl:${key}`, window)) as [number, number];
      } catch {
        // The Redis connection logs the outage itself (watchRedis), once.
        return fallback.consume(key, { window, max });
      }
      const [count, ttl] = reply;
      const allowed = count <= max;
      return { allowed, retryAfter: allowed ? null : Math.max(1, ttl) };
    },
  };
}

const MEMORY_KEYS = 50_000;

/**
 * Fixed-window counters in this process, for while Redis is away: the same rules, counted per process (with N
 * processes a client may get up to N times the limit; still far from unlimited). Bounded: past `maxKeys`,
 * expired counters go first, then the oldest.
 */
export function memoryRateLimitStore(maxKeys = MEMORY_KEYS): RateLimitStore {
  const counters = new Map<string, { count: number; resetAt: number }>();
  const makeRoom = (now: number) => {
    for (const [key, entry] of counters) if (entry.resetAt <= now) counters.delete(key);
    while (counters.size >= maxKeys) counters.delete(counters.keys().next().value as string);
  };
  return {
    async consume(key, { window, max }) {
      const now = Date.now();
      let entry = counters.get(key);
      if (!entry || entry.resetAt <= now) {
        counters.delete(key);
        if (counters.size >= maxKeys) makeRoom(now);
        entry = { count: 0, resetAt: now + window * 1000 };
        counters.set(key, entry);
      }
      entry.count++;
      const allowed = entry.count <= max;
      return { allowed, retryAfter: allowed ? null : Math.max(1, Math.ceil((entry.resetAt - now) / 1000)) };
    },
  };
}
