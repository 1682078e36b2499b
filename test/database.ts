import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../server/db/client';

const templateFile = path.resolve('.test-data/pglite-template.tar.gz');

/**
 * A database of its own for one test file: a clone of the migrated PGlite template, or, when the
 * suite runs against PostgreSQL, a fresh database on TEST_DATABASE_URL's server, dropped afterwards.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL) {
    const fresh = await freshPostgresDatabase(process.env.TEST_DATABASE_URL);
    // The drop below ends this database's connections on purpose.
    const database = await openDatabase({ url: fresh.url, poolSize: 20, onConnectionError: () => {} });
    return {
      ...database,
      async close() {
        await database.close();
        await fresh.drop();
      },
    };
  }
  // PGLITE_WORKER=false runs the suite on PGlite in the test's own thread, as the app does with it.
  return openDatabase({ loadDataDir: readFileSync(templateFile), migrate: false, worker: !/^(false|0|no)$/.test(process.env.PGLITE_WORKER ?? '') });
}

/** An empty database of its own on the server of `serverUrl`: its URL, and `drop` (which ends its connections). */
export async function freshPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  // drizzle-kit qualifies references with "public", so each file gets a database, not a schema.
  const name = `twogether_t_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
