import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { answersServed, expectRestoredFromMark, startAnswering } from '../../test/answering-couple';
import { type AppProcess, runScript, startAppProcess } from '../../test/app-process';
import { loadBackupConfig } from '../config';
import { backup } from './backup';
import { listBackups } from './backup-file';

/**
 * Backups of the embedded database (docs/decisions/038-backups.md), end to end: the app as an operator runs it, the
 * commands as `npm run backup` and `npm run restore` run them. PGlite only (PostgreSQL: backup.postgres.test.ts).
 */
const root = mkdtempSync(path.join(os.tmpdir(), 'twogether-backup-'));
const dataDir = path.join(root, 'live');
const running: AppProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((app) => app.stop()));
  rmSync(root, { recursive: true, force: true });
});

const start = async (dir: string) => {
  const app = await startAppProcess({ DATA_DIR: dir });
  running.push(app);
  return app;
};

/** Every file under a folder with its size and modification time: "nothing touched" is this, unchanged. */
function listing(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort()
    .map((file) => {
      const stat = statSync(file);
      return `${path.relative(dir, file)} ${stat.size} ${stat.mtimeMs}`;
    });
}

describe.skipIf(process.env.TEST_DB === 'postgres')('backups of the embedded database', () => {
  let taken = '';

  it('are taken by the running app while two partners answer, and restore every answer acknowledged before, on an app that serves', { timeout: 300_000 }, async () => {
    const app = await start(dataDir);
    const socket = path.join(dataDir, 'backup.sock');
    expect(statSync(socket).isSocket()).toBe(true);
    expect(statSync(socket).mode & 0o777).toBe(0o600);

    const couple = await startAnswering(app.client);
    await couple.reached(5);
    couple.mark();
    const acknowledgedAtMark = couple.acknowledged.map((a) => a.length);
    const result = await runScript('backup', [], { DATA_DIR: dataDir });
    const acknowledgedAtEnd = couple.acknowledged.map((a) => a.length);
    await couple.stop();
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/taken by the running app \(process \d+\)/);
    taken = result.lastLine;
    expect(path.dirname(taken)).toBe(path.join(dataDir, 'backups'));
    expect(statSync(taken).mode & 0o777).toBe(0o600);
    // The app kept serving answers while the backup ran.
    expect(acknowledgedAtEnd[0] + acknowledgedAtEnd[1]).toBeGreaterThan(acknowledgedAtMark[0] + acknowledgedAtMark[1]);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('backup-snapshot-'))).toEqual([]);

    expect(await app.stop()).toBe(0);
    expect(existsSync(socket)).toBe(false);

    const restoredDir = path.join(root, 'restored');
    const restored = await runScript('restore', [taken], { DATA_DIR: restoredDir });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`into ${path.join(restoredDir, 'pglite')}`);

    const again = await start(restoredDir);
    expect((await again.client.send('GET', '/api/health/ready')).status).toBe(200);
    // The partners' logins are in the database too: their cookies still work (the same AUTH_SECRET).
    expect((await again.client.me(couple.partners[0])).user?.id).toBe(couple.partners[0].id);
    expect((await again.client.dashboard(couple.partners[1])).partner?.id).toBe(couple.partners[0].id);
    expectRestoredFromMark(couple, await answersServed(again.client, couple));
    // And it goes on: an answer on the restored app.
    const [sessionId] = couple.sessions;
    const { current, answers } = await again.client.snapshot(sessionId, couple.partners[0]);
    // The restored app takes a new answer, or refuses it as it should when both answers to this item are in already.
    if (current) {
      const answering = again.client.answer(sessionId, 'after the restore', { as: couple.partners[0], itemId: current.id });
      await (answers.bothAnswered ? expect(answering).rejects.toThrow(/409.*ANSWER_REVEALED/) : answering);
    }
    expect(await again.stop()).toBe(0);
  });

  it('refuses to restore into a folder that holds a database, touching nothing, and refuses what is not a backup', { timeout: 120_000 }, async () => {
    const before = listing(dataDir);
    const refused = await runScript('restore', [taken], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${path.join(dataDir, 'pglite')} already holds a database: nothing was changed`);
    expect(listing(dataDir)).toEqual(before);

    const empty = path.join(root, 'empty');
    const notGzip = path.join(root, 'notes.txt');
    writeFileSync(notGzip, 'not a backup');
    const cases: [string[], RegExp][] = [
      [[], /^Usage: npm run restore -- FILE/],
      [[path.join(root, 'missing.tar.gz')], /^There is no backup file at /],
      [[root], /is not a file/],
      [[notGzip], /is not a Twogether backup: it is not a gzip file/],
    ];
    for (const [args, message] of cases) {
      const result = await runScript('restore', args, { DATA_DIR: empty });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(message);
    }
    expect(existsSync(empty)).toBe(false);
  });

  it('with no app running, the command reads the folder itself and removes a killed app’s socket; it keeps BACKUP_KEEP backups', { timeout: 180_000 }, async () => {
    // A killed app leaves its socket file: here, one nobody listens on.
    const socket = path.join(dataDir, 'backup.sock');
    const killed = spawn(process.execPath, ['-e', `require('node:net').createServer().listen(${JSON.stringify(socket)}, () => process.kill(process.pid, 'SIGKILL'))`]);
    await new Promise((resolve) => killed.once('exit', resolve));
    expect(existsSync(socket)).toBe(true);

    const env = { DATA_DIR: dataDir, BACKUP_KEEP: '2' };
    const first = await runScript('backup', [], env);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Removed ${socket}, left by an app that was stopped without closing it.`);
    expect(first.stdout).toContain('taken by this command (no app was running)');
    expect(existsSync(socket)).toBe(false);
    const second = await runScript('backup', [], env);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(`Removed the older backup ${taken} (BACKUP_KEEP=2).`);
    expect(listBackups(path.join(dataDir, 'backups'))).toEqual([first.lastLine, second.lastLine]);

    const restoredDir = path.join(root, 'from-folder');
    expect((await runScript('restore', [second.lastLine], { DATA_DIR: restoredDir })).code).toBe(0);
    const app = await start(restoredDir);
    expect((await app.client.send('GET', '/api/health/ready')).status).toBe(200);
    expect(await app.stop()).toBe(0);
  });

  it('leaves a folder another process holds alone: its socket file stays, and the command says who holds it', { timeout: 60_000 }, async () => {
    const socket = path.join(dataDir, 'backup.sock');
    writeFileSync(socket, ''); // not a socket: nobody answers on it
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60000)']);
    try {
      writeFileSync(path.join(dataDir, 'pglite.lock'), String(holder.pid));
      const config = loadBackupConfig({ DATA_DIR: dataDir });
      await expect(backup(config, { waitForAppMs: 0 })).rejects.toThrow(`Process ${holder.pid} holds the database in ${dataDir} but does not answer on ${socket}`);
      expect(existsSync(socket)).toBe(true);
    } finally {
      holder.kill('SIGKILL');
      rmSync(socket, { force: true });
      rmSync(path.join(dataDir, 'pglite.lock'), { force: true });
    }
    await expect(backup(loadBackupConfig({ DATA_DIR: path.join(root, 'nothing-here') }))).rejects.toThrow(/There is no database in .*nothing-here\/pglite to back up/);
    await expect(backup(loadBackupConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://localhost/x' }))).rejects.toThrow(/back it up with pg_dump/i);
  });
});
