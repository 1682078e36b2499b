import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { manualClock } from '../clock';
import { type Database, queryRows } from '../db/client';
import { createTestDatabase } from '../../test/database';
import { jobsSettled } from '../../test/jobs';
import { type Handler, type JobQueue, type RetryPolicy, createJobQueue, defineJob } from './queue';

interface LogEntry {
  level: number;
  msg: string;
  job?: string;
  id?: string;
  error?: string;
}

let database: Database;
const logs: LogEntry[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line)) });
const clock = manualClock('2026-03-01T09:00:00Z');
const queues: JobQueue[] = [];
let count = 0;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await database.close();
});

/** A queue polling fast, with one kind of job of a fresh name handled by `handler`. */
async function queueWith<T extends object>(handler: Handler<T>, policy: Partial<RetryPolicy> = {}) {
  const job = defineJob<T>(`test.job-${++count}`, policy);
  const queue = createJobQueue({ database, log, clock, pollingIntervalSeconds: 0.5, deadLetterPollingSeconds: 0.5 });
  queues.push(queue);
  queue.work(job, handler);
  await queue.start();
  return { job, queue };
}

describe('the job queue', () => {
  it('runs a job sent once, once, with its data', async () => {
    const runs: { data: { n: number }; attempt: number }[] = [];
    const { job, queue } = await queueWith<{ n: number }>(async (data, run) => void runs.push({ data, attempt: run.attempt }));
    const id = await queue.send(job, { n: 7 });
    await jobsSettled(database, job.name);
    expect(runs).toEqual([{ data: { n: 7 }, attempt: 1 }]);
    expect(await queue.state(job, id!)).toBe('completed');
  });

  it('makes a second send with the same key no job', async () => {
    const runs: string[] = [];
    const { job, queue } = await queueWith<{ purchaseId: string }>(async ({ purchaseId }) => void runs.push(purchaseId));
    const [first, second] = await Promise.all([queue.send(job, { purchaseId: 'p1' }, { key: 'receipt:p1' }), queue.send(job, { purchaseId: 'p1' }, { key: 'receipt:p1' })]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    await jobsSettled(database, job.name);
    expect(await queue.send(job, { purchaseId: 'p1' }, { key: 'receipt:p1' })).toBeNull();
    expect(runs).toEqual(['p1']);
  });

  it('ends a job that always fails in its dead letter, logged as an error with its name and id', async () => {
    const attempts: number[] = [];
    const { job, queue } = await queueWith(
      async (_data, run) => {
        attempts.push(run.attempt);
        throw new Error('the mail server said no');
      },
      { retryLimit: 2, retryDelaySeconds: 0, backoff: false },
    );
    const id = await queue.send(job, {});
    const dead = await vi.waitFor(
      () => {
        const entry = logs.find((e) => e.level === 50 && e.job === job.name);
        if (!entry) throw new Error('no dead letter logged yet');
        return entry;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(attempts).toEqual([1, 2, 3]);
    expect(await queue.state(job, id!)).toBe('failed');
    expect(dead).toMatchObject({ msg: `the job ${job.name} failed after its last retry (dead letter)`, error: 'the mail server said no' });
    // The id logged is the dead letter's, a job of its own that keeps the data.
    const letters = await queryRows<{ name: string; state: string }>(database.db, 'select name, state from pgboss.job where id = $1', [dead.id]);
    expect(letters).toEqual([{ name: `${job.name}.dead`, state: expect.stringMatching(/^(active|completed)$/) }]);
    expect(logs.filter((e) => e.level === 40 && e.id === id).map((e) => e.msg)).toEqual([
      'a job failed and will be retried',
      'a job failed and will be retried',
      'a job failed for the last time',
    ]);
  });

  it("starts a job no sooner than asked, by the app's clock", async () => {
    const { job, queue } = await queueWith(async () => {});
    const id = await queue.send(job, {}, { startAt: new Date(clock.now().getTime() + 60 * 60 * 1000) });
    const [row] = await queryRows<{ waits: boolean }>(database.db, "select start_after > now() + interval '59 minutes' as waits from pgboss.job where id = $1", [id]);
    expect(row).toEqual({ waits: true });
    expect(await queue.state(job, id!)).toBe('created');
  });

  it('keeps a periodic job on its cron schedule in its time zone', async () => {
    const tick = defineJob<Record<string, never>>('test.tick');
    const queue = createJobQueue({ database, log, clock });
    queues.push(queue);
    queue.every(tick, '*/5 * * * *', 'Europe/Paris');
    queue.work(tick, async () => {});
    await queue.start();
    const schedules = await queryRows<{ name: string; cron: string; timezone: string; options: object }>(
      database.db,
      'select name, cron, timezone, options from pgboss.schedule',
      [],
    );
    // Each tick the cron sends carries the job's own retries and dead letter, as a sent job does.
    expect(schedules).toEqual([
      { name: 'test.tick', cron: '*/5 * * * *', timezone: 'Europe/Paris', options: expect.objectContaining({ retryLimit: 5, retryBackoff: true, deadLetter: 'test.tick.dead' }) },
    ]);
  });
});
