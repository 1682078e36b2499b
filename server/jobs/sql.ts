import type { Db, Database } from '../db/client';
import { queryRows } from '../db/client';

/** What pg-boss asks of a database (its `db` option): one statement, or one of its scripts, answered with rows. */
export interface ExecuteSql {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

interface ScriptClient {
  transaction<T>(callback: (tx: { exec(text: string): Promise<unknown> }) => Promise<T>): Promise<T>;
}

interface PoolClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  release(err?: Error): void;
}

/**
 * pg-boss's scripts (its schema, its migrations, its maintenance) are one text, `BEGIN; …; COMMIT;`, run under an
 * advisory lock. Sent as one text, a failure halfway would leave the connection inside an aborted transaction: on
 * PGlite that connection is the app's only one (decision 023), in a pool it goes back to the pool. So the script's
 * body runs in a transaction its driver ends either way, and no other query can slip into it meanwhile.
 */
const SCRIPT = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/;

/**
 * Creating a queue adds a partition to pgboss.job with foreign keys to pgboss.queue: two processes creating queues at
 * once (a deploy starting several) deadlock on those locks (PostgreSQL's 40P01). They take turns on this key.
 */
const CREATE_QUEUE = /\.create_queue\(/;
const CREATE_QUEUE_LOCK = "select pg_advisory_xact_lock(hashtextextended('twogether:jobs:create_queue', 0))";

const clientOf = (database: Database) => (database.db as unknown as { $client: unknown }).$client;

/** One transaction on one pooled connection, rolled back on any failure. */
async function inTransaction<T>(database: Database, work: (connection: PoolClient) => Promise<T>): Promise<T> {
  const connection = await (clientOf(database) as { connect(): Promise<PoolClient> }).connect();
  let broken: Error | undefined;
  try {
    await connection.query('BEGIN');
    const result = await work(connection);
    await connection.query('COMMIT');
    return result;
  } catch (err) {
    // A connection that cannot roll back goes back to the pool marked broken, and the pool drops it.
    await connection.query('ROLLBACK').catch((lost: Error) => void (broken = lost));
    throw err;
  } finally {
    connection.release(broken);
  }
}

async function runScript(database: Database, body: string): Promise<void> {
  if (database.kind === 'pglite') {
    await (clientOf(database) as ScriptClient).transaction((tx) => tx.exec(body));
    return;
  }
  await inTransaction(database, (connection) => connection.query(body));
}

/**
 * pg-boss on the app's own connection, PGlite's or the pool (docs/decisions/035-job-queue.md): each statement is
 * one message, so no transaction is ever held open between two awaits on PGlite's single connection.
 */
export function sqlFor(database: Database): ExecuteSql {
  const db: Db = database.db;
  return {
    async executeSql(text, values = []) {
      const script = SCRIPT.exec(text);
      if (script) {
        await runScript(database, script[1]);
        return { rows: [] };
      }
      // PGlite is one connection in one process: its queues are created one at a time anyway.
      if (database.kind === 'postgres' && CREATE_QUEUE.test(text)) {
        return inTransaction(database, async (connection) => {
          await connection.query(CREATE_QUEUE_LOCK);
          return connection.query(text, values);
        });
      }
      return { rows: await queryRows(db, text, values) };
    },
  };
}
