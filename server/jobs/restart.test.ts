import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../../test/database';
import { createEffectsTable, jobEffects, jobProcess } from '../../test/jobs';

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
      expect(await next.line(`ran ${id}`)).toBe(`ran ${id} survivor 1`);
    } finally {
      await next.stop();
    }
    expect(next.lines.filter((l) => l.startsWith('ran '))).toEqual([`ran ${id} survivor 1`]);
    if (process.env.TEST_DB === 'postgres') expect((await jobEffects(target)).filter((e) => e.job_id === id)).toEqual([expect.objectContaining({ label: 'survivor' })]);
  }, 90_000); // two processes start, each a fresh PGlite folder's first opening or a pg-boss install

  it('runs again, in the next process, a job whose process was killed while running it', async () => {
    const crashed = jobProcess(target, 'hang');
    const id = (await crashed.line('sent ')).split(' ')[1];
    await crashed.line(`started ${id}`);
    await crashed.stop('SIGKILL');

    // Its run expires (2 s for this job), the next process's maintenance fails it, and it is retried there.
    const next = jobProcess(target, 'work');
    try {
      expect(await next.line(`ran ${id}`)).toBe(`ran ${id} survivor 2`);
    } finally {
      await next.stop();
    }
    if (process.env.TEST_DB === 'postgres') expect((await jobEffects(target)).filter((e) => e.job_id === id)).toHaveLength(1);
  }, 90_000);
});
