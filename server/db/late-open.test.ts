import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Prepare, rowsOf } from './client';

/**
 * `late: true` (what `npm start` opens with, docs/decisions/057-npm-start-sets-the-levers.md): the database is
 * returned before its PGlite folder is open, so the app is built meanwhile; queries wait for the opening.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'twogether-late-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const current: Prepare = { isCurrent: async () => true, run: async () => {} };

beforeAll(async () => {
  // A folder with a cluster, migrated and prepared, as a restart finds it.
  const first = await openDatabase({ dataDir, prepare: current });
  await first.db.execute(sql`create table kept (id int)`);
  await first.db.execute(sql`insert into kept values (7)`);
  await first.close();
}, 180_000);

describe('a PGlite folder opened late', () => {
  it('takes queries and transactions before it is open, and answers them once it is', { timeout: 60_000 }, async () => {
    const database = await openDatabase({ dataDir, prepare: current, late: true });
    try {
      expect(database.ready).toBeInstanceOf(Promise);
      const order: string[] = [];
      const ready = database.ready!.then(() => order.push('ready'));
      const read = database.db.execute(sql`select id from kept`).then((result) => (order.push('read'), rowsOf<{ id: number }>(result)));
      const written = database.db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into kept values (8)`);
          return rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from kept`))[0].n;
        })
        .then((n) => (order.push('transaction'), n));
      expect(await read).toEqual([{ id: 7 }]);
      expect(await written).toBe(2);
      await ready;
      expect(order[0]).toBe('ready');
      expect(order.slice(1).sort()).toEqual(['read', 'transaction']);
      // Open now: a query goes straight to the thread.
      expect(rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from kept`))).toEqual([{ n: 2 }]);
    } finally {
      await database.close();
    }
  });

  it('fails its queries with the opening’s own error, and gives the folder back for the next start', { timeout: 60_000 }, async () => {
    const broken: Prepare = {
      isCurrent: async () => {
        throw new Error('the content check failed');
      },
      run: async () => {},
    };
    const database = await openDatabase({ dataDir, prepare: broken, late: true });
    const read = database.db.execute(sql`select 1`);
    await expect(database.ready).rejects.toThrow('the content check failed');
    // Drizzle names the query it could not run, with the opening's error as the cause.
    await expect(read).rejects.toMatchObject({ cause: expect.objectContaining({ message: 'the content check failed' }) });
    await database.close();

    // The lock is released: the folder opens again, with what it held.
    const again = await openDatabase({ dataDir, prepare: current, late: true });
    try {
      await again.ready;
      expect(rowsOf<{ n: number }>(await again.db.execute(sql`select count(*)::int as n from kept`))).toEqual([{ n: 2 }]);
    } finally {
      await again.close();
    }
  });
});
