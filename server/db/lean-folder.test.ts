import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase, type Prepare, rowsOf } from './client';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'twogether-lean-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const setting = async (db: Db, name: string) => rowsOf<Record<string, string>>(await db.execute(sql.raw(`show ${name}`)))[0][name];

/** A stand-in for the content load: counts its runs and notes the shared buffers of the database it ran on. */
function fakePrepare() {
  const state = { current: false, runs: [] as string[] };
  const prepare: Prepare = {
    isCurrent: async () => state.current,
    run: async (db) => {
      state.runs.push(await setting(db, 'shared_buffers'));
      state.current = true;
    },
  };
  return { state, prepare };
}

describe('a PGlite folder in local mode (decision 037)', () => {
  it('is created, migrated and prepared in a process of its own once, then served lean; a restart with nothing to do prepares nothing', { timeout: 180_000 }, async () => {
    const { state, prepare } = fakePrepare();

    const first = await openDatabase({ dataDir, prepare });
    try {
      // The one-off work ran on PGlite's defaults, in the child process; what serves is the lean instance.
      expect(state.runs).toEqual(['128MB']);
      expect(await setting(first.db, 'shared_buffers')).toBe('16MB');
      const [{ n }] = rowsOf<{ n: number }>(await first.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
      expect(n).toBeGreaterThan(10);
      await first.db.execute(sql`create table kept (id int)`);
    } finally {
      await first.close();
    }

    const restart = await openDatabase({ dataDir, prepare });
    try {
      expect(state.runs).toHaveLength(1);
      expect(rowsOf(await restart.db.execute(sql`select * from kept`))).toEqual([]);
    } finally {
      await restart.close();
    }

    state.current = false; // the content changed
    const changed = await openDatabase({ dataDir, prepare });
    try {
      expect(state.runs).toEqual(['128MB', '128MB']);
      expect(await setting(changed.db, 'shared_buffers')).toBe('16MB');
    } finally {
      await changed.close();
    }
  });

  it('a failed preparation stops the start and leaves the folder free for the next one', { timeout: 120_000 }, async () => {
    const prepare: Prepare = {
      isCurrent: async () => false,
      run: async () => {
        throw new Error('the content check found 1 problem');
      },
    };
    await expect(openDatabase({ dataDir, prepare })).rejects.toThrow('the content check found 1 problem');
    const { prepare: fine } = fakePrepare();
    const reopened = await openDatabase({ dataDir, prepare: fine });
    await reopened.close();
  });
});
