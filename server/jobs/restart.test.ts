import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../../test/database';
import { createEffectsTable, jobProcess } from '../../test/jobs';

/** Where the two processes meet: a PGlite folder, or with TEST_DB=postgres a database of their own. */
let target: string;
let cleanUp: () => Promise<void>;

beforeAll(async () => {
  if (process.env.TEST_DB === 'postgres') {
    const fresh = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!);
    await createEffectsTable(fresh.url);
    target = fresh.url;
    cleanUp = fresh.drop;
  } else {
    target = mkdtempSync(path.join(tmpdir(), 'twogether-jobs-'));
    cleanUp = async () => rmSync(target, { recursive: true, force: true });
  }
});
afterAll(() => cleanUp());

describe('a job and a SIGKILL', () => {
  it('survives the process that sent it being killed before it ran, and runs once in the next one', async () => {
    const sender = jobProcess(target, 'send');
    const id = (await sender.line('sent ')).split(' ')[1];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await sender.stop('SIGKILL');
    expect(sender.lines.some((l) => l.startsWith('ran '))).toBe(false);

    const next = jobProcess(target, 'work');
    try {
      expect(await next.line(`ran ${id}`)).toBe(`ran ${id} survivor`);
    } finally {
      await next.stop();
    }
    expect(next.lines.filter((l) => l.startsWith('ran '))).toEqual([`ran ${id} survivor`]);
    if (process.env.TEST_DB === 'postgres') {
      const client = new pg.Client({ connectionString: target });
      await client.connect();
      const { rows } = await client.query('select job_id, label from job_effects');
      await client.end();
      expect(rows).toEqual([{ job_id: id, label: 'survivor' }]);
    }
  }, 90_000); // two processes start, each a fresh PGlite folder's first opening or a pg-boss install
});
