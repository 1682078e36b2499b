import type { Pool, PoolClient } from 'pg';

/** The pool's own `query`, never retried: for statements that may write (see `queryRows`). */
export const queryOnce = Symbol('query without retry');

/**
 * Errors that say the connection was dead, not that the statement was wrong: the server ended the backend
 * (pg_terminate_backend, a restart: 57P01, 57P02) or the socket closed under it. Not a refused connection:
 * the server is down then, and asking again at once would only fail again.
 */
export function isLostConnection(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (code === '57P01' || code === '57P02' || code === 'ECONNRESET' || code === 'EPIPE') return true;
  if (typeof code === 'string' && code.startsWith('08')) return true;
  return typeof message === 'string' && /^(Connection terminated|Client has encountered a connection error|Client was closed)/.test(message);
}

const isRead = (query: unknown) => {
  const text = typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^\s*select\b/i.test(text);
};

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * After the server ends its backends, every idle connection in the pool is dead, but the pool learns so only
 * as each one's last message is read: until then it hands them out and each costs a request its answer. So:
 * - a read (a statement that starts with `select`) that meets a dead connection is asked again, on another
 *   connection, after letting the pool hear about the others; reads are safe to repeat, writes are not (a
 *   write cut off by a terminated backend may or may not have committed), so they fail as before;
 * - a client checked out for a transaction whose connection dies is given back at once, removed: Drizzle
 *   releases it only if `begin` succeeded, and pg would otherwise throw the connection's 'error' event, which
 *   nothing listens to while the client is checked out, as an uncaught exception.
 */
export function recoverDroppedConnections(pool: Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const attempts = (pool.options.max ?? 10) + 1;
  Object.defineProperty(pool, queryOnce, { value: query });
  pool.query = (async (...args: unknown[]) => {
    // Callback style is pg's own internal use; Drizzle and our code use promises.
    if (typeof args[args.length - 1] === 'function' || !isRead(args[0])) return query(...args);
    for (let attempt = 1; ; attempt++) {
      try {
        return await query(...args);
      } catch (err) {
        if (attempt >= attempts || !isLostConnection(err)) throw err;
        await nextTurn();
      }
    }
  }) as Pool['query'];

  // Every connection always has a listener for its 'error' event, whoever holds it. pg-pool listens only while a
  // connection is idle or running pg-pool's own query, and the wrapper below only while a transaction holds it: a
  // terminated backend's second event (its error message, then the socket's end) could fall between them and end
  // the process as an uncaught exception. What the event says reaches the caller through the failed query, and an
  // idle connection's loss through the pool's own 'error' event.
  pool.on('connect', (client) => void client.on('error', () => {}));

  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<PoolClient> | void;
  pool.connect = ((callback?: unknown) => {
    if (callback) return connect(callback);
    return (connect() as Promise<PoolClient>).then(releaseWhenLost);
  }) as Pool['connect'];
}

function releaseWhenLost(client: PoolClient): PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const onError = (err: Error) => {
    if (released) return;
    released = true;
    release(err);
  };
  client.on('error', onError);
  client.release = (err?: Error | boolean) => {
    client.removeListener('error', onError);
    if (released) return;
    released = true;
    release(err);
  };
  return client;
}
