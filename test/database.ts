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
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB === 'postgres' && url) {
    // drizzle-kit qualifies references with "public", so each file gets a database, not a schema.
    const name = `twogether_t_${randomBytes(6).toString('hex')}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(statement);
      await client.end();
    };
    await admin(`create database ${name}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    // The drop below ends this database's connections on purpose.
    const database = await openDatabase({ url: dbUrl.toString(), poolSize: 20, onConnectionError: () => {} });
    return {
      ...database,
      async close() {
        await database.close();
        await admin(`drop database if exists ${name} with (force)`);
      },
    };
  }
  // PGLITE_WORKER=false runs the suite on PGlite in the test's own thread, as the app does with it.
  return openDatabase({ loadDataDir: readFileSync(templateFile), migrate: false, worker: !/^(false|0|no)$/.test(process.env.PGLITE_WORKER ?? '') });
}
