import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { DEFAULT_DATA_DIR, paths } from '../paths';
import { applyFunctions, functionsCurrent } from './functions';
import { LateClient } from './late-client';
import { LEAN_PGLITE_SETTINGS, startFolderThread, takeEarly } from './early-thread';
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
  /**
   * A PGlite folder only: its files copied into `into` (a new folder), after a checkpoint and while no transaction
   * is open, for a backup taken while the app serves (docs/decisions/038-backups.md).
   */
  snapshot?(into: string): Promise<void>;
  /**
   * Opened with `late` on a PGlite folder: settles when the folder is open and current (rejects with why it could
   * not be), while `db` already takes queries, which wait for it. Otherwise absent: the database is ready.
   */
  ready?: Promise<void>;
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
  /**
   * What follows the migrations (the content load) and whether it is needed. On a PGlite folder, the migrations
   * and this run only when one of them has work, and then in a child process that ends, so the serving database
   * never keeps the memory they grew (docs/decisions/037-lean-local-mode.md). Elsewhere `run` follows the migrations.
   */
  prepare?: Prepare;
  /**
   * On a PGlite folder in a worker: return before the folder is open, with `ready` (late-client.ts), so that the
   * caller builds what uses the database meanwhile. `npm start` does (server/main.ts).
   */
  late?: boolean;
  poolSize?: number;
  /** Told when an idle pooled connection drops (a database restart); the pool replaces it on the next query. */
  onConnectionError?: (err: Error) => void;
}

export interface Prepare {
  isCurrent(db: Db): Promise<boolean>;
  run(db: Db): Promise<unknown>;
}

type Client = Pick<PGlite, 'closed' | 'close'>;

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
        await applyFunctions(db);
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        lock.release();
      }
    }
    await opts.prepare?.run(db);
    return { db, kind: 'postgres', close: () => pool.end() };
  }

  const inWorker = !opts.pglite && (opts.worker ?? true);
  // PGlite's thread starts first: it compiles its WASM and opens the folder while this thread loads Drizzle.
  let dataDir: string | undefined;
  let release = () => {};
  if (!opts.pglite && !opts.loadDataDir && !opts.inMemory) dataDir = path.resolve(opts.dataDir ?? DEFAULT_DATA_DIR, 'pglite');
  // The thread server/main.ts started before the rest of the bundle loaded, with the folder's lock (early-thread.ts):
  // taken when it serves this folder as asked, else stopped and its folder freed.
  const taken = await takeEarly(inWorker ? dataDir : undefined);
  if (taken) release = taken.release;
  else if (dataDir) {
    mkdirSync(dataDir, { recursive: true }); // PGlite does not create parent folders.
    release = acquireLock(path.join(path.dirname(dataDir), 'pglite.lock'));
  }
  const settings = dataDir ? LEAN_PGLITE_SETTINGS : undefined;
  const folder = dataDir;
  const startThread = () => (folder ? startFolderThread(folder) : PGliteThread.start({ loadDataDir: opts.loadDataDir }));
  // Only on a folder that has a cluster (or none at all): a new folder is created by a child process first (openFolder).
  let early: Promise<Client> | undefined = taken?.thread ?? (inWorker && (!dataDir || existsSync(path.join(dataDir, 'PG_VERSION'))) ? startThread() : undefined);
  // Not left unhandled while the imports load: its failure is met where it is awaited.
  early?.catch(() => {});
  const [pglite, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    // In a worker, this thread never loads PGlite's engine (Drizzle's driver loads its JavaScript, for the type ids).
    inWorker ? undefined : import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // The thread answers the part of PGlite's interface that Drizzle's driver calls (see pglite-thread.ts).
  const drizzleOf = (client: Client) => drizzlePglite(client as PGlite, { schema }) as unknown as Db;
  const migrateAndPrepare = async (db: Db) => {
    await migratePglite(db as never, { migrationsFolder });
    await applyFunctions(db);
    await opts.prepare?.run(db);
  };
  let client: Client | undefined = opts.pglite;
  let ready = !shouldMigrate;
  if (!client) {
    const loadDataDir = opts.loadDataDir && new Blob([opts.loadDataDir]);
    const start = async (): Promise<Client> => {
      // The thread started above serves the first start; a second (after the setup on a new folder) is a new one.
      if (early) {
        const started = early;
        early = undefined;
        return started;
      }
      return inWorker
        ? startThread()
        : pglite!.PGlite.create({
            dataDir,
            ...(loadDataDir ? { loadDataDir } : {}),
            ...(settings ? { startParams: withSettings(pglite!.PGlite.defaultStartParams, settings) } : {}),
          });
    };
    // The folder opened to serve: current as it is, or after the migrations and the prepared work.
    const serveFolder = (folderPath: string) =>
      openFolder(
        folderPath,
        start,
        (served) => isCurrent(drizzleOf(served), opts.prepare),
        (setup) => migrateAndPrepare(drizzleOf(setup)),
      );
    if (opts.late && inWorker && dataDir && shouldMigrate) {
      // Returned at once: the app is built while the folder opens, and its queries wait for it (late-client.ts).
      const opening = serveFolder(dataDir) as Promise<PGliteThread>;
      let released = false;
      const releaseOnce = () => {
        if (!released) release();
        released = true;
      };
      const late = new LateClient(opening);
      const ready = opening.then(
        () => {},
        (err: unknown) => {
          releaseOnce();
          throw err;
        },
      );
      ready.catch(() => {});
      return {
        db: drizzleOf(late),
        kind: 'pglite',
        ready,
        async close() {
          await late.close();
          releaseOnce();
        },
        snapshot: async (into: string) => (await opening).snapshot(into),
      };
    }
    try {
      if (dataDir && shouldMigrate) {
        client = await serveFolder(dataDir);
        ready = true;
      } else {
        client = await start();
      }
    } catch (err) {
      release();
      throw err;
    }
  }
  const db = drizzleOf(client);
  try {
    if (!ready) await migrateAndPrepare(db);
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
    ...(folder && { snapshot: (into: string) => (owned instanceof PGliteThread ? owned.snapshot(into) : snapshotFolder(owned as PGlite, folder, into)) }),
  };
}

/** As pglite-worker.mjs `snapshot`, for PGlite in this thread: a checkpoint, then the copy while nothing runs. */
async function snapshotFolder(pg: PGlite, dataDir: string, into: string): Promise<void> {
  await pg.exec('checkpoint');
  await pg._runExclusiveTransaction(() => pg.runExclusive(async () => cpSync(dataDir, into, { recursive: true, errorOnExist: true, force: false })));
}

const withSettings = (defaults: string[], settings: string[]) => [...defaults, ...settings.flatMap((setting) => ['-c', setting])];

/**
 * A PGlite folder, opened to serve. Creating the cluster, migrating and loading content make PGlite's WASM memory
 * grow, and it never shrinks: that work happens only when it is needed (a new folder, a migration not applied,
 * content changed) and in a child process, which gives all of it back when it exits. Then the serving instance
 * opens the folder fresh. A restart with nothing to do opens it once and asks three cheap questions.
 */
async function openFolder(
  dataDir: string,
  start: () => Promise<Client>,
  current: (client: Client) => Promise<boolean>,
  work: (setup: PGliteThread) => Promise<void>,
): Promise<Client> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) {
    const client = await start();
    try {
      if (await current(client)) return client;
    } catch (err) {
      await client.close();
      throw err;
    }
    await client.close();
  }
  const setup = await PGliteThread.start({ dataDir, childProcess: true });
  try {
    await work(setup);
  } finally {
    await setup.close();
  }
  return start();
}

/** The newest migration's time, as Drizzle's migrator compares it (`created_at` < the journal's `when`: not applied). */
function newestMigration(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/** Every migration applied, the engine's functions current (functions.ts) and the prepared work current: one query each, nothing written. */
async function isCurrent(db: Db, prepare: Prepare | undefined): Promise<boolean> {
  const [{ found }] = rowsOf<{ found: string | null }>(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as found`));
  if (!found) return false;
  const [{ applied }] = rowsOf<{ applied: string | null }>(await db.execute(sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`));
  if (applied === null || Number(applied) < newestMigration()) return false;
  if (!(await functionsCurrent(db))) return false;
  return prepare ? prepare.isCurrent(db) : true;
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
