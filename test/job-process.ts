/**
 * A process of its own on a job queue, for the restart and two-process tests (server/jobs/*.test.ts):
 *   JOB_DB=postgres://… or a PGlite folder; JOB_MODE=send (sends one job, prints `sent <id>`, then waits to be
 *   killed, never running it), hang (sends one job and starts it, prints `started <id>`, never ends it) or work
 *   (runs every job: records it in job_effects on PostgreSQL, prints `ran <id> <label> <attempt>`).
 * Every line it prints is one event on stdout, read by the test. Its maintenance runs every second.
 */
import pino from 'pino';
import { openDatabase, queryRows } from '../server/db/client';
import { createJobQueue } from '../server/jobs/queue';
import { effectJob } from './jobs';

const target = process.env.JOB_DB!;
const database = await openDatabase(target.startsWith('postgres') ? { url: target, migrate: false, poolSize: 4 } : { dataDir: target, migrate: false });
const queue = createJobQueue({ database, log: pino({ level: 'warn' }, pino.destination(2)), pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 });
const say = (line: string) => process.stdout.write(`${line}\n`);

if (process.env.JOB_MODE === 'work') {
  queue.work(effectJob, async ({ label }, run) => {
    if (database.kind === 'postgres') await queryRows(database.db, 'insert into job_effects (job_id, label, pid) values ($1, $2, $3)', [run.id, label, process.pid]);
    say(`ran ${run.id} ${label} ${run.attempt}`);
  });
}
if (process.env.JOB_MODE === 'hang') {
  queue.work(effectJob, (_data, run) => {
    say(`started ${run.id}`);
    return new Promise<void>(() => {}); // killed before it ends
  });
}
await queue.start();
say('ready');
if (process.env.JOB_MODE === 'send' || process.env.JOB_MODE === 'hang') {
  say(`sent ${await queue.send(effectJob, { label: 'survivor' })}`);
}
setInterval(() => {}, 60_000); // stays until the test ends it
process.on(
  'SIGTERM',
  () =>
    void queue
      .stop()
      .then(() => database.close())
      .then(() => process.exit(0)),
);
