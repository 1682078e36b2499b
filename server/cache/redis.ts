import type { Redis, RedisOptions } from 'ioredis';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Redis carries rate-limit counters, Socket.IO fan-out and cache invalidation, never the truth: while it is
 * away the app goes on without it (decision 013). So a command fails at once rather than waiting in a queue
 * that would hold every request up for the whole outage, a hung server costs at most a second, and the client
 * reconnects for ever with a short backoff, so everything resumes by itself when Redis returns.
 */
export const redisOptions: RedisOptions = {
  enableOfflineQueue: false,
  // A command cut off by a lost connection fails rather than being sent again later: its caller has moved on.
  maxRetriesPerRequest: 0,
  commandTimeout: 1_000,
  // A server that accepts but never answers (paused, blackholed) is dropped and reconnected.
  socketTimeout: 2_000,
  connectTimeout: 2_000,
  retryStrategy: (times) => Math.min(100 * 2 ** (times - 1), 2_000),
};

/**
 * The app's Redis connection. Outages are logged once each by `watchRedis`, not at every reconnection attempt.
 * ioredis is loaded here, only when Redis is configured: local mode never parses it (docs/performance.md).
 */
export async function connectRedis(url: string): Promise<Redis> {
  const ioredis = await import('ioredis');
  // A CommonJS package: in the server's bundle its exports come as the module's default (as pino-pretty's do, decision 057).
  const Redis = ioredis.Redis ?? (ioredis as unknown as { default: typeof ioredis }).default.Redis;
  return quiet(new Redis(url, redisOptions));
}

/** Without an 'error' listener ioredis prints every failed reconnection; the state changes are logged instead. */
function quiet(redis: Redis): Redis {
  redis.on('error', () => {});
  return redis;
}

/** Logs when Redis becomes unreachable and when it is back, once per outage. */
export function watchRedis(redis: Redis, log: Log): void {
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: { message: err.message } }, 'Redis is unreachable: rate limits count per process and caches are bypassed until it is back');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({}, 'Redis is back');
  });
}

/** Another connection with the same settings (SUBSCRIBE takes a connection over), `options` aside. */
export function duplicateRedis(redis: Redis, options: RedisOptions = {}): Redis {
  return quiet(redis.duplicate(options));
}

/** Commands wait for the connection instead of failing: for callers that cannot handle a failed command. */
const patient: RedisOptions = { enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined, socketTimeout: undefined };

/**
 * The two connections Socket.IO's Redis adapter needs, safe through an outage. The adapter subscribes once at
 * start and never handles a failed command: its subscriber waits until connected and resubscribes after every
 * reconnection, and its publisher fails fast with the failure swallowed (an event published while Redis is away
 * reaches this process's sockets only; clients read the state again when they reconnect). Its cluster-wide
 * queries (fetchSockets) fail fast too: callers fall back to this process's sockets.
 */
export function adapterConnections(redis: Redis, log: Log): { pub: Redis; sub: Redis } {
  const sub = duplicateRedis(redis, { ...patient, lazyConnect: false });
  const pub = duplicateRedis(redis, { ...redisOptions, lazyConnect: false });
  const publish = pub.publish.bind(pub) as (channel: string, message: string | Buffer) => Promise<number>;
  let failing = false;
  pub.publish = ((channel: string, message: string | Buffer) =>
    publish(channel, message).then(
      (n) => ((failing = false), n),
      (err: Error) => {
        if (!failing) log.warn({ err: { message: err.message } }, 'Socket.IO events reach this process only until Redis is back');
        failing = true;
        return 0;
      },
    )) as Redis['publish'];
  return { pub, sub };
}

/**
 * Closes a connection whether or not Redis is reachable: QUIT needs the server (and on a connection that waits
 * for Redis, would wait for it); a bare disconnect also stops the reconnection attempts.
 */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status !== 'ready') return redis.disconnect();
  await redis.quit().catch(() => redis.disconnect());
}
