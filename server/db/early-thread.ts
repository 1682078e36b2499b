import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_DATA_DIR } from '../paths';
import { acquireLock } from './lock';
import { PGliteThread } from './pglite-thread';

/**
 * PostgreSQL's memory in the PGlite that serves a folder (docs/decisions/037-lean-local-mode.md). PGlite's defaults
 * take 128 MB of shared buffers, touched at start whatever the data; a couple's app on a small server needs a
 * fraction. On top of PGlite's own start parameters, which it needs (pglite-worker.mjs keeps them).
 */
export const LEAN_PGLITE_SETTINGS = ['shared_buffers=16MB', 'wal_buffers=1MB', 'work_mem=2MB', 'maintenance_work_mem=8MB', 'temp_buffers=1MB'];
/**
 * PGlite's WASM compiled by V8's baseline compiler only: its optimizing tier kept 40–50 MB more for the life of the
 * process and slowed the open by a third, for no CPU per answer this bench can see (decision 037). Process-wide:
 * the app runs no other WASM.
 */
export const LEAN_V8_FLAGS = ['--liftoff-only'];

/** The thread that serves a PGlite folder, started with the lean settings. */
export const startFolderThread = (folder: string) => PGliteThread.start({ dataDir: folder, settings: LEAN_PGLITE_SETTINGS, v8Flags: LEAN_V8_FLAGS });

interface EarlyThread {
  folder: string;
  thread: Promise<PGliteThread>;
  release: () => void;
}
let early: EarlyThread | undefined;

/**
 * The server's first step (server/main.ts imports this before its configuration, whose schemas take a tenth of a
 * second to load): on a restart in local mode, the folder is locked and PGlite's thread starts at once, so the
 * database opens while the rest of the bundle loads (docs/decisions/059-the-database-thread-starts-first.md).
 * Only the plain case, read from the environment as config.ts reads it: no DATABASE_URL, PGlite in a worker, a
 * folder that has a cluster. Anything else (a new folder, a lock held by another process, a setting config.ts
 * will refuse) is left to `openDatabase`, which reports it as it always has.
 */
export function startEarly(env: NodeJS.ProcessEnv = process.env): void {
  if (early || env.DATABASE_URL !== undefined) return;
  if (env.PGLITE_WORKER !== undefined && !['true', '1', 'yes'].includes(env.PGLITE_WORKER)) return;
  const folder = path.resolve(env.DATA_DIR ?? DEFAULT_DATA_DIR, 'pglite');
  if (!existsSync(path.join(folder, 'PG_VERSION'))) return;
  let release: () => void;
  try {
    release = acquireLock(path.join(path.dirname(folder), 'pglite.lock'));
  } catch {
    return; // openDatabase takes the lock again and says who holds it
  }
  const thread = startFolderThread(folder);
  thread.catch(() => {}); // met where it is taken (openDatabase), not unhandled meanwhile
  early = { folder, thread, release };
}

/**
 * The thread started early, with its lock's release, once: openDatabase takes it when it opens this folder in a
 * worker (`folder`), instead of locking and starting its own. Otherwise (another folder, PGlite in the main thread,
 * no folder) the thread is stopped and its lock released before this returns, so that the caller never opens a
 * folder this process still has open.
 */
export async function takeEarly(folder: string | undefined): Promise<Omit<EarlyThread, 'folder'> | undefined> {
  const taken = early;
  early = undefined;
  if (!taken) return undefined;
  if (taken.folder === folder) return { thread: taken.thread, release: taken.release };
  try {
    await (await taken.thread).close();
  } catch {
    /* it never opened: nothing to close */
  } finally {
    taken.release();
  }
  return undefined;
}
