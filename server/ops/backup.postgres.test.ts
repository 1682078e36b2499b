import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { answersServed, expectRestoredFromMark, startAnswering } from '../../test/answering-couple';
import { type AppProcess, startAppProcess } from '../../test/app-process';
import { freshPostgresDatabase } from '../../test/database';

/**
 * PostgreSQL mode's backups are PostgreSQL's own (docs/decisions/038-backups.md, README "Backups and restore"):
 * the commands the README gives, run as it gives them, against the app as an operator runs it.
 */
const run = promisify(execFile);
const serverUrl = process.env.TEST_DATABASE_URL!;
const root = mkdtempSync(path.join(os.tmpdir(), 'twogether-pgdump-'));
const running: AppProcess[] = [];
const dropped: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(running.map((app) => app.stop()));
  for (const drop of dropped) await drop();
  rmSync(root, { recursive: true, force: true });
});

async function database() {
  const fresh = await freshPostgresDatabase(serverUrl);
  dropped.push(fresh.drop);
  return fresh.url;
}

async function start(url: string) {
  const app = await startAppProcess({ DATABASE_URL: url, DATA_DIR: path.join(root, 'data') });
  running.push(app);
  return app;
}

describe("pg_dump and pg_restore of the app's database", () => {
  it(
    'a dump taken while two partners answer restores into an empty database, on which the app starts and serves every answer acknowledged before',
    { timeout: 240_000 },
    async () => {
      const source = await database();
      const app = await start(source);
      const couple = await startAnswering(app.client);
      await couple.reached(5);
      couple.mark();
      const dump = path.join(root, 'twogether.dump');
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${dump}`, `--dbname=${source}`]);
      await couple.stop();
      expect(statSync(dump).size).toBeGreaterThan(0);
      expect(await app.stop()).toBe(0);

      const target = await database();
      await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${target}`, dump]);
      const again = await start(target);
      expect((await again.client.send('GET', '/api/health/ready')).status).toBe(200);
      expect((await again.client.me(couple.partners[0])).user?.id).toBe(couple.partners[0].id);
      expectRestoredFromMark(couple, await answersServed(again.client, couple));
      const [sessionId] = couple.sessions;
      const { current, answers } = await again.client.snapshot(sessionId, couple.partners[1]);
      // The restored app takes a new answer, or refuses it as it should when both answers to this item are in already.
      if (current) {
        const answering = again.client.answer(sessionId, 'after the restore', { as: couple.partners[1], itemId: current.id });
        await (answers.bothAnswered ? expect(answering).rejects.toThrow(/409.*ANSWER_REVEALED/) : answering);
      }

      // Into a database that already holds the app, pg_restore stops at the first object that exists, and says so.
      await expect(run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${target}`, dump])).rejects.toThrow(/already exists/);
      expect(await again.stop()).toBe(0);
    },
  );
});
