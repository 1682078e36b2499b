import { existsSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as wait } from 'node:timers/promises';
import type { BackupConfig } from '../config';
import { acquireLock, DataDirLockedError } from '../db/lock';
import { BackupError, backupName, removeOldBackups, writeBackup } from './backup-file';
import { backupSocketPath } from './backup-socket';
import { tarFolder } from './tar';

/**
 * `npm run backup` (docs/decisions/038-backups.md): the running app snapshots its database and streams it through
 * its backup socket; with no app running, this process takes the folder's lock and reads the folder itself. The
 * stream is compressed here, checked, written whole, and the oldest backups beyond `BACKUP_KEEP` are removed.
 */
export interface BackupResult {
  file: string;
  bytes: number;
  /** Who took the copy: the running app, or this process. */
  takenBy: string;
  removed: string[];
}

export interface BackupOptions {
  now?: () => Date;
  /** Progress for the operator, one line each. */
  say?: (line: string) => void;
  /** How long to wait for an app that holds the folder but does not answer yet (it is starting). */
  waitForAppMs?: number;
}

type Asked = { answered: true; pid: number; tar: Readable } | { answered: false };

/**
 * Asks the app on `file` for a copy: once it says yes, the rest of the connection is the tar stream. `answered:
 * false` when nobody listens there (no socket file, or a killed app's).
 */
function askApp(file: string): Promise<Asked> {
  return new Promise((resolve, reject) => {
    const socket = connect(file);
    let connected = false;
    let settled = false;
    let buffered = Buffer.alloc(0);
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    socket.setTimeout(10 * 60_000, () => socket.destroy(new BackupError('The app stopped sending the backup (10 minutes without a byte).')));
    socket.once('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify({ op: 'backup' })}\n`);
    });
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf(0x0a);
      if (end === -1) return;
      socket.off('data', onData);
      socket.pause();
      let header: { ok?: boolean; pid?: number; error?: string };
      try {
        header = JSON.parse(buffered.subarray(0, end).toString('utf8'));
      } catch {
        socket.destroy();
        return settle(() => reject(new BackupError(`${file} did not answer as the app's backup socket does.`)));
      }
      if (!header.ok) {
        socket.destroy();
        return settle(() => reject(new BackupError(header.error ?? 'The app refused the backup.')));
      }
      socket.unshift(buffered.subarray(end + 1));
      settle(() => resolve({ answered: true, pid: header.pid ?? 0, tar: socket }));
    };
    socket.on('data', onData);
    socket.once('end', () => settle(() => reject(new BackupError(`The app closed ${file} without an answer.`))));
    socket.once('error', (err: NodeJS.ErrnoException) =>
      settle(() => {
        if (connected) return reject(new BackupError(`The backup through ${file} failed: ${err.message}`));
        if (err.code === 'EACCES') return reject(new BackupError(`${file} belongs to another user: run the backup as the user the app runs as.`));
        // ENOENT (no app), ECONNREFUSED (a killed app's socket file), ENOTSOCK: nobody listens.
        resolve({ answered: false });
      }),
    );
  });
}

const lockOwner = (lockFile: string) => {
  try {
    return readFileSync(lockFile, 'utf8').trim();
  } catch {
    return '?';
  }
};

export async function backup(config: BackupConfig, { now = () => new Date(), say = () => {}, waitForAppMs = 60_000 }: BackupOptions = {}): Promise<BackupResult> {
  if (config.databaseUrl) {
    throw new BackupError('DATABASE_URL is set: the data is in PostgreSQL, which this command does not copy. Back it up with pg_dump (README, "Backups and restore").');
  }
  const socketFile = backupSocketPath(config.dataDir);
  const lockFile = path.join(config.dataDir, 'pglite.lock');
  const name = () => backupName(now());
  const deadline = Date.now() + waitForAppMs;
  let waiting = false;
  for (;;) {
    const asked = await askApp(socketFile);
    if (asked.answered) {
      const written = await writeBackup(config.backupDir, name(), asked.tar);
      return { ...written, takenBy: `the running app (process ${asked.pid})`, removed: removeOldBackups(config.backupDir, config.keep, written.file) };
    }
    const folder = path.join(config.dataDir, 'pglite');
    if (!existsSync(path.join(folder, 'PG_VERSION'))) {
      throw new BackupError(`There is no database in ${folder} to back up: set DATA_DIR to the folder the app runs with.`);
    }
    let release: () => void;
    try {
      // The lock is ours only when no process holds the folder: then nothing listens, a socket file left there is a
      // killed app's, and the folder's files are still (as after a stop, or a crash PostgreSQL recovers from).
      release = acquireLock(lockFile);
    } catch (err) {
      if (!(err instanceof DataDirLockedError)) throw err;
      if (Date.now() >= deadline) {
        throw new BackupError(
          `Process ${lockOwner(lockFile)} holds the database in ${config.dataDir} but does not answer on ${socketFile}. ` +
            'If the app is starting, run the backup again once it serves; an app started before backups existed must be restarted first.',
        );
      }
      if (!waiting) say(`Process ${lockOwner(lockFile)} holds ${config.dataDir} but does not answer on its backup socket yet: waiting for it to start.`);
      waiting = true;
      await wait(250);
      continue;
    }
    try {
      if (existsSync(socketFile)) {
        rmSync(socketFile, { force: true });
        say(`Removed ${socketFile}, left by an app that was stopped without closing it.`);
      }
      const written = await writeBackup(config.backupDir, name(), Readable.from(tarFolder(folder)));
      return { ...written, takenBy: 'this command (no app was running)', removed: removeOldBackups(config.backupDir, config.keep, written.file) };
    } finally {
      release();
    }
  }
}
