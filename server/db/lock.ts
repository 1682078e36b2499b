import { closeSync, linkSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const readOwner = (file: string) => Number(readFileSync(file, 'utf8').trim());

/**
 * Creates the lock file with our PID already in it, or says it exists. Open-then-write would leave a moment
 * when the file exists empty: a second starter reading it then would take the empty file for a stale lock and
 * remove it under its new owner. A hard link of a written file appears whole or not at all.
 */
function tryCreate(file: string): boolean {
  const draft = `${file}.${process.pid}`;
  writeFileSync(draft, String(process.pid));
  try {
    linkSync(draft, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return false;
  } finally {
    rmSync(draft, { force: true });
  }
}

/**
 * One process per PGlite folder: two openers corrupt it silently. The lock file holds the owner's PID; a
 * live owner is refused with a clear message. A lock left by a dead owner (a crash, a SIGKILL) is taken over
 * under a second, exclusive guard file, so two starters cannot both remove it and both go on.
 */
export function acquireLock(file: string): () => void {
  const guard = `${file}.takeover`;
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    if (tryCreate(file)) return () => rmSync(file, { force: true });
    let owner: number;
    try {
      owner = readOwner(file);
    } catch {
      continue; // it went between our attempt and the read: try again
    }
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
      throw new DataDirLockedError(
        `The embedded database in ${file.replace(/\/[^/]+$/, '')} is already open in process ${owner}. ` +
          'Stop that process first, or set DATA_DIR to another folder (or DATABASE_URL to a PostgreSQL server).',
      );
    }
    let guardFd: number;
    try {
      guardFd = openSync(guard, 'wx');
    } catch {
      // Someone else is taking over; a guard left by a crash expires after 10 s.
      try {
        if (Date.now() - statSync(guard).mtimeMs > 10_000) rmSync(guard, { force: true });
      } catch {
        /* the guard is already gone */
      }
      sleepSync(50);
      continue;
    }
    try {
      // Still the same dead owner? Then the stale lock goes, and the next turn of the loop creates ours.
      if (readOwner(file) === owner) rmSync(file, { force: true });
    } catch {
      /* it vanished meanwhile: fine */
    } finally {
      closeSync(guardFd);
      rmSync(guard, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${file}: another process keeps it.`);
}
