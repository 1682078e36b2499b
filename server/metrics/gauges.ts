import type { Redis } from 'ioredis';
import type { Pool } from 'pg';
import { Gauge } from 'prom-client';
import type { InvalidationBus } from '../cache/invalidation';
import type { Database } from '../db/client';
import { within } from '../http/health';
import { LateClient } from '../db/late-client';
import { PGliteThread } from '../db/pglite-thread';
import type { JobQueue } from '../jobs/queue';
import type { Realtime } from '../realtime/server';
import type { Metrics } from './metrics';

/** What the gauges read when Prometheus scrapes. */
export interface GaugeSources {
  realtime: Pick<Realtime, 'localCounts'>;
  database: Database;
  jobs: Pick<JobQueue, 'queued'>;
  /** Only with REDIS_URL; its gauge exists only then. */
  redis?: Redis;
  bus: Pick<InvalidationBus, 'reliable'>;
}

/** Queue depths are read at most this often, whatever the number of scrapers: one query, bounded. */
export const JOBS_CACHE_MS = 5_000;

/**
 * The gauges read at scrape time, each from this process (Prometheus adds the processes up). None of them costs
 * a request anything. A collector whose dependency is down says 0 and counts its failure: a scrape never fails.
 */
export function registerGauges(metrics: Metrics, sources: GaugeSources) {
  const registers = [metrics.registry];
  const gauge = <L extends string = never>(name: string, help: string, read: (g: Gauge<L>) => void | Promise<void>, labelNames: L[] = []) =>
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers,
      async collect() {
        try {
          await read(this);
        } catch {
          metrics.collectFailed(name);
          if (!labelNames.length) this.set(0); // a labelled one set its own series to 0 before throwing
        }
      },
    });

  gauge('twogether_sockets_connected', 'Socket.IO connections open on this process', (g) => g.set(sources.realtime.localCounts().sockets));
  gauge('twogether_session_rooms', 'Session rooms with a socket in them on this process (sessions played live now)', (g) => g.set(sources.realtime.localCounts().sessionRooms));

  const client = (sources.database.db as unknown as { $client: unknown }).$client;
  if (sources.database.kind === 'postgres') {
    const pool = client as Pool;
    gauge('twogether_db_pool_waiting', 'Queries waiting for a free connection of the PostgreSQL pool', (g) => g.set(pool.waitingCount));
    gauge('twogether_db_pool_connections', 'Connections the PostgreSQL pool holds, busy or idle', (g) => g.set(pool.totalCount));
    gauge('twogether_db_pool_idle', 'Idle connections in the PostgreSQL pool', (g) => g.set(pool.idleCount));
  } else if (client instanceof PGliteThread || client instanceof LateClient) {
    // One connection in a worker thread (decision 023): what waits is every query sent to it and not answered yet.
    const thread = () => (client instanceof LateClient ? client.thread : client);
    gauge('twogether_db_pglite_queue', "Queries sent to PGlite's worker thread and not answered yet (the running one included)", (g) => g.set(thread()?.queueDepth ?? 0));
  }

  if (sources.redis) {
    const redis = sources.redis;
    // Decision 013: connected and trusted (invalidations delivered); 0 while the app runs degraded without it.
    gauge('twogether_redis_connected', 'Redis connected and trusted (1), or away and the app degraded (0)', (g) =>
      g.set(redis.status === 'ready' && sources.bus.reliable() ? 1 : 0),
    );
  }

  let cached: { at: number; queued: Record<string, number> } | undefined;
  let reading: Promise<Record<string, number>> | undefined;
  gauge(
    'twogether_job_queue_depth',
    'Jobs waiting to run (created or retrying), by queue',
    async (g) => {
      if (!cached || Date.now() - cached.at >= JOBS_CACHE_MS) {
        // Scrapes at once share one query; a slow one is given up on, not waited for by every scrape after it.
        reading ??= within(sources.jobs.queued()).finally(() => (reading = undefined));
        try {
          cached = { at: Date.now(), queued: await reading };
        } catch (err) {
          for (const queue of Object.keys(cached?.queued ?? {})) g.set({ queue }, 0);
          throw err;
        }
      }
      for (const [queue, depth] of Object.entries(cached.queued)) g.set({ queue }, depth);
    },
    ['queue'],
  );
}
