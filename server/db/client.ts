import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { paths } from '../paths';
import { acquireLock } from './lock';
import { PGliteThread } from './pglite-thread';
import { queryOnce, recoverDroppedConnections } from './pool-recovery';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** What a transaction callback receives; it has the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = paths.migrations;
/** An arbitrary, fixed key for pg_advisory_lock around migrations. */
const MIGRATION_LOCK_KEY = 72011995;

export interface OpenOptions {
  /** PostgreSQL connection string; without it the embedded PGlite in `dataDir` is used. */
  url?: string;
  dataDir?: string;
  /** A PGlite instance made by the caller, run in this thread. */
  pglite?: PGlite;
  /** An in-memory PGlite started from this dump (`dumpDataDir('gzip')`): tests clone a migrated template. */
  loadDataDir?: Uint8Array<ArrayBuffer>;
  /** An empty in-memory PGlite instead of the folder. */
  inMemory?: boolean;
  /**
   * PGlite in a worker thread (the default), so its WASM never runs on the thread that serves HTTP and sockets
   * (docs/decisions/023-pglite-in-a-worker-thread.md); false runs it in this thread (PGLITE_WORKER=false).
   */
  worker?: boolean;
  migrate?: boolean;
  poolSize?: number;
  /** Told when an idle pooled connection drops (a database restart); the pool replaces it on the next query. */
  onConnectionError?: (err: Error) => void;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const shouldMigrate = opts.migrate ?? true;
  // Each driver is loaded only when the configuration uses it: start-up time is mostly module loading.
  if (opts.url) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      // An unreachable server fails requests instead of holding them for ever; keepalive finds half-open sockets.
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
    });
    // Without a listener, an idle client's dropped connection is an uncaught error that ends the process.
    pool.on('error', opts.onConnectionError ?? ((err) => console.warn(`database connection lost: ${err.message}`)));
    recoverDroppedConnections(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (shouldMigrate) {
      // Several processes starting at once (a rolling deploy) must not run the same migration together.
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(db as never, { migrationsFolder });
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        lock.release();
      }
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }

  const inWorker = !opts.pglite && (opts.worker ?? true);
  const [pglite, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    // In a worker, this thread never loads PGlite's engine (Drizzle's driver loads its JavaScript, for the type ids).
    inWorker ? undefined : import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let client: Pick<PGlite, 'closed' | 'close'> | undefined = opts.pglite;
  let release = () => {};
  if (!client) {
    let dataDir: string | undefined;
    if (!opts.loadDataDir && !opts.inMemory) {
      dataDir = path.resolve(opts.dataDir ?? '.data', 'pglite');
      mkdirSync(dataDir, { recursive: true }); // PGlite does not create parent folders.
      release = acquireLock(path.join(path.dirname(dataDir), 'pglite.lock'));
    }
    const loadDataDir = opts.loadDataDir && new Blob([opts.loadDataDir]);
    try {
      client = inWorker ? await PGliteThread.start({ dataDir, loadDataDir: opts.loadDataDir }) : await pglite!.PGlite.create({ dataDir, ...(loadDataDir ? { loadDataDir } : {}) });
    } catch (err) {
      release();
      throw err;
    }
  }
  // The thread answers the part of PGlite's interface that Drizzle's driver calls (see pglite-thread.ts).
  const db = drizzlePglite(client as PGlite, { schema }) as unknown as Db;
  try {
    if (shouldMigrate) await migratePglite(db as never, { migrationsFolder });
  } catch (err) {
    await client.close();
    release();
    throw err;
  }
  const owned = client;
  return {
    db,
    kind: 'pglite',
    async close() {
      if (!owned.closed) await owned.close();
      release();
    },
  };
}

/** The rows of `db.execute(sql…)`: both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

type Query = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * One statement straight to the driver, for the hottest path (a player's answer): PGlite and pg both answer
 * `query(text, params)` with `{ rows }`. There, building the query through Drizzle and PGlite's per-query parser
 * setup cost as much as running the statement. Must not be called inside a transaction (it would wait for it).
 * Never repeated on a dropped connection, unlike other reads: its statement may write.
 */
export async function queryRows<T>(db: Db, text: string, params: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: { query: Query; [queryOnce]?: Query } }).$client;
  return (await (client[queryOnce] ?? client.query).call(client, text, params)).rows as T[];
}
