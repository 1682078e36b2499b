import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { InvalidationBus } from '../cache/invalidation';
import type { Database } from '../db/client';
import { getHealth, getReadiness, type Readiness } from '@core/contracts/system';
import { route } from './route';

/** A probe answers within this even when a dependency hangs: load balancers time out their probes. */
const CHECK_TIMEOUT_MS = 2_000;

/** The promise's outcome, or a rejection once `ms` have passed (a hung dependency). GET /metrics's gauges use it too. */
export async function within<T>(promise: Promise<T>, ms = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('check timed out')), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const passes = (check: () => Promise<unknown>) =>
  within(check()).then(
    () => true,
    () => false,
  );

/**
 * Liveness and readiness (decision 013). `/api/health` says the process answers and reaches its database.
 * `/api/health/ready` is for a load balancer: 200 while the app can serve, which it can without Redis (rate
 * limits per process, caches bypassed, live events within this process), and 503 when the database is down.
 */
export async function healthRoutes(app: FastifyInstance, opts: { database: Database; redis?: Redis; bus: InvalidationBus }) {
  const { database, redis, bus } = opts;

  route(app, getHealth, async () => {
    await database.db.execute(sql`select 1`);
    return { status: 'ok' as const, database: database.kind };
  });

  route(app, getReadiness, async ({ reply }) => {
    const [databaseUp, redisUp] = await Promise.all([passes(() => database.db.execute(sql`select 1`)), redis ? passes(() => redis.ping()) : Promise.resolve(true)]);
    const body: Readiness = { status: 'ok', database: databaseUp ? 'ok' : 'down' };
    if (redis) body.redis = redisUp && bus.reliable() ? 'ok' : 'degraded';
    if (!databaseUp) body.status = 'down';
    else if (body.redis === 'degraded') body.status = 'degraded';
    reply.status(databaseUp ? 200 : 503).header('cache-control', 'no-store');
    return body;
  });
}
