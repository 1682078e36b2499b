import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pino from 'pino';
import { openDatabase } from '../server/db/client';
import { createJobQueue } from '../server/jobs/queue';
import { receiptJob } from '../server/modules/payments/receipt';

export const templateFile = path.resolve('.test-data/pglite-template.tar.gz');

/** A fresh PGlite costs seconds; migrate one once and let every test file clone it (about 0.5 s). */
export default async function setup() {
  const pglite = await PGlite.create();
  const database = await openDatabase({ pglite });
  // The job queue's own schema (pgboss) and the app's queues too, which each app would otherwise create at its start.
  const jobs = createJobQueue({ database, log: pino({ level: 'silent' }) });
  jobs.work(receiptJob, async () => {});
  await jobs.start();
  await jobs.stop();
  const dump = await pglite.dumpDataDir('gzip');
  mkdirSync(path.dirname(templateFile), { recursive: true });
  writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}
