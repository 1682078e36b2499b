import { vi } from 'vitest';
import { type Database, queryRows } from '../server/db/client';

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
