import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshPostgresDatabase } from '../../test/database';
import { type JobProcess, createEffectsTable, effectJob, jobEffects, jobProcess, jobsSettled } from '../../test/jobs';
import { type Database, openDatabase } from '../db/client';
import { createJobQueue } from './queue';

const JOBS = 20;
let fresh: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let database: Database;
const workers: JobProcess[] = [];

beforeAll(async () => {
  fresh = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!);
  await createEffectsTable(fresh.url);
  database = await openDatabase({ url: fresh.url, migrate: false, poolSize: 4 });
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await database?.close();
  await fresh?.drop();
});

const effects = () => jobEffects(fresh.url);

describe('two processes on one PostgreSQL', () => {
  it('install the queue together and run each job exactly once', async () => {
    // Both start at once on an empty database: both install pg-boss's schema, under its advisory lock.
    workers.push(jobProcess(fresh.url, 'work'), jobProcess(fresh.url, 'work'));
    await Promise.all(workers.map((w) => w.line('ready', 60_000)));

    const queue = createJobQueue({ database, log: pino({ level: 'silent' }) });
    await queue.start();
    const labels = Array.from({ length: JOBS }, (_, i) => `job-${i + 1}`);
    const ids = await Promise.all(labels.map((label) => queue.send(effectJob, { label })));
    await vi.waitFor(async () => expect(await effects()).toHaveLength(JOBS), { timeout: 30_000, interval: 200 });
    await jobsSettled(database, effectJob.name);
    await queue.stop();

    const ran = await effects();
    expect(ran).toHaveLength(JOBS);
    expect(ran.map((r) => r.job_id).sort()).toEqual([...ids].sort());
    expect(ran.map((r) => r.label).sort()).toEqual([...labels].sort());
    // Both took part: each asks for one job at a time and waits half a second between asks.
    expect(new Set(ran.map((r) => r.pid)).size).toBe(2);
    const printed = workers.flatMap((w) => w.lines.filter((l) => l.startsWith('ran ')));
    expect(printed).toHaveLength(JOBS);
  }, 90_000);
});
