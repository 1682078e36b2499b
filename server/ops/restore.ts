import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { BackupConfig } from '../config';
import { acquireLock } from '../db/lock';
import { BackupError, checkBackup } from './backup-file';

/**
 * `npm run restore -- FILE` (docs/decisions/038-backups.md): a backup of the embedded database into the folder
 * DATA_DIR names, only when that folder holds no database. Everything is checked before anything is written; the
 * database is unpacked beside its place and moved there only once PGlite has opened it and found the app's tables,
 * so a failed restore leaves the folder as it was. The app's next start applies any migration newer than the backup.
 */
export interface RestoreResult {
  databaseDir: string;
  /** Said when DATA_DIR has no auth secret: the app will make a new one, and everyone signs in again. */
  notes: string[];
}

/** A folder that holds anything at all: a restore never mixes a backup with what is there. */
function holdsData(dir: string): boolean {
  try {
    return readdirSync(dir).length > 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

function readBackup(file: string): Uint8Array<ArrayBuffer> {
  let stat;
  try {
    stat = statSync(file);
  } catch {
    throw new BackupError(`There is no backup file at ${file}.`);
  }
  if (!stat.isFile()) throw new BackupError(`${file} is not a file: give the path of a backup (twogether-….pglite.tar.gz).`);
  try {
    return readFileSync(file);
  } catch (err) {
    throw new BackupError(`Cannot read ${file}: ${(err as Error).message}`);
  }
}

function refuseExisting(databaseDir: string) {
  if (holdsData(databaseDir)) {
    throw new BackupError(
      `${databaseDir} already holds a database: nothing was changed. A restore goes into an empty folder only. Stop the app, ` +
        `move that folder aside (mv ${databaseDir} ${databaseDir}.old), then restore again; or set DATA_DIR to a new folder.`,
    );
  }
}

export async function restore(file: string, config: BackupConfig): Promise<RestoreResult> {
  if (config.databaseUrl) {
    throw new BackupError('DATABASE_URL is set: restore a PostgreSQL dump with pg_restore (README, "Backups and restore"), not with this command.');
  }
  const databaseDir = path.join(config.dataDir, 'pglite');
  refuseExisting(databaseDir);
  const bytes = readBackup(path.resolve(file));
  checkBackup(bytes, file);

  // From here on the folder is written: under its lock, so no app starts on it halfway.
  mkdirSync(config.dataDir, { recursive: true });
  const release = acquireLock(path.join(config.dataDir, 'pglite.lock'));
  const unpacking = path.join(config.dataDir, `pglite.restoring-${process.pid}`);
  try {
    refuseExisting(databaseDir); // again, now that no app can be starting on it
    rmSync(unpacking, { recursive: true, force: true });
    const { PGlite } = await import('@electric-sql/pglite');
    let pg;
    try {
      pg = await PGlite.create({ dataDir: unpacking, loadDataDir: new Blob([bytes]) });
    } catch (err) {
      throw new BackupError(`${file} could not be opened as a database (${(err as Error).message}): is it from this version of the app?`);
    }
    try {
      const found = await pg.query<{ found: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as found`);
      if (!found.rows[0]?.found) throw new BackupError(`${file} holds a database, but not Twogether's (it has no migrations table).`);
    } finally {
      await pg.close();
    }
    if (existsSync(databaseDir)) rmSync(databaseDir, { recursive: true }); // empty, checked above
    renameSync(unpacking, databaseDir);
  } catch (err) {
    rmSync(unpacking, { recursive: true, force: true });
    throw err;
  } finally {
    release();
  }
  const notes = existsSync(path.join(config.dataDir, 'auth-secret'))
    ? []
    : [
        `${config.dataDir} has no auth-secret: the app will make a new one, so everyone signs in again and links in mails already sent stop working. ` +
          'To keep them, copy the old DATA_DIR/auth-secret here before starting the app (or set AUTH_SECRET as before).',
      ];
  return { databaseDir, notes };
}
