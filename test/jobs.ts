import { type ChildProcess, spawn } from 'node:child_process';
import pg from 'pg';
import { vi } from 'vitest';
import { type Database, queryRows } from '../server/db/client';
import { defineJob } from '../server/jobs/queue';

/** Jobs of this name that wait or run (created, retry, active), in pg-boss's own table. */
export async function pendingJobs(database: Database, name: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(database.db, `select count(*)::int as n from pgboss.job where name = $1 and state < 'completed'`, [name]);
  return row.n;
}

/** Waits until every job of this name has ended (completed, or failed for good): polled, never slept. */
export async function jobsSettled(database: Database, name: string, timeout = 20_000): Promise<void> {
  await vi.waitFor(
    async () => {
      if ((await pendingJobs(database, name)) > 0) throw new Error(`${name} jobs still pending`);
    },
    { timeout, interval: 50 },
  );
}

/** The job of test/job-process.ts: its handler records a side effect; a run cut off expires after 2 s. */
export const effectJob = defineJob<{ label: string }>('test.effect', { retryLimit: 2, retryDelaySeconds: 1, expireInSeconds: 2 });

/** Where test/job-process.ts records each run on PostgreSQL: counted to prove a job ran once. */
export async function createEffectsTable(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('create table job_effects (job_id uuid not null, label text not null, pid int not null)');
  await client.end();
}

/** The runs test/job-process.ts recorded on PostgreSQL. */
export async function jobEffects(url: string): Promise<{ job_id: string; label: string; pid: number }[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ job_id: string; label: string; pid: number }>('select job_id, label, pid from job_effects');
  await client.end();
  return rows;
}

export interface JobProcess {
  child: ChildProcess;
  /** The lines it printed so far. */
  lines: string[];
  /** The first line that starts with this, printed already or to come. */
  line(prefix: string, timeout?: number): Promise<string>;
  /** Ends it (SIGTERM: stops its queue, closes its database) and waits for its exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** test/job-process.ts in a process of its own, on a PostgreSQL URL or a PGlite folder. */
export function jobProcess(db: string, mode: 'send' | 'hang' | 'work'): JobProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/job-process.ts'], { env: { ...process.env, JOB_DB: db, JOB_MODE: mode }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const waiters: (() => void)[] = [];
  let stderr = '';
  let buffered = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    lines.push(...parts);
    for (const wake of waiters.splice(0)) wake();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => waiters.splice(0).forEach((wake) => wake()));
  return {
    child,
    lines,
    async line(prefix, timeout = 30_000) {
      const deadline = Date.now() + timeout;
      for (;;) {
        const found = lines.find((l) => l.startsWith(prefix));
        if (found) return found;
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the job process ended without '${prefix}': ${stderr}`);
        if (Date.now() > deadline) throw new Error(`no '${prefix}' from the job process within ${timeout} ms: ${stderr}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, deadline - Date.now()).unref();
        });
      }
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
