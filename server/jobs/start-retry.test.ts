import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from '../../test/database';
import { createJobQueue, defineJob, type JobQueue } from './queue';
import { sqlFor } from './sql';

/**
 * The queue's first statement fails once, as when two processes install pg-boss's schema at the same moment or the
 * database is slow to answer under load: the app's connection, handed in with one refusal in front of it (each start
 * of pg-boss asks for a connection again; the refusal is once in all).
 */
let failed = false;
function failingOnce(database: Database) {
  const real = sqlFor(database);
  return {
    executeSql: (text: string, values?: unknown[]) => {
      if (failed) return real.executeSql(text, values);
      failed = true;
      return Promise.reject(new Error('the database is busy'));
    },
  };
}

let database: Database;
let queue: JobQueue | undefined;
const logs: { level: number; msg: string }[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line)) });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await queue?.stop();
  await database.close();
});

describe('the job queue starting', () => {
  it('tries again when a start fails, and then runs jobs', async () => {
    const job = defineJob<{ n: number }>('test.start-retry');
    const runs: number[] = [];
    queue = createJobQueue({ database, log, pollingIntervalSeconds: 0.5, deadLetterPollingSeconds: 0.5, sqlFor: failingOnce });
    queue.work(job, async (data) => void runs.push(data.n));
    await queue.start();
    expect(logs.filter((l) => l.msg === 'the job queue did not start; trying again')).toHaveLength(1);
    await queue.send(job, { n: 1 });
    await vi.waitFor(() => expect(runs).toEqual([1]), { timeout: 10_000 });
  });
});
