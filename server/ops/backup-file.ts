import { closeSync, createWriteStream, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, gunzipSync } from 'node:zlib';

/**
 * A backup file of the embedded database (docs/decisions/038-backups.md): a gzipped tar of its folder, laid out as
 * PGlite's own `dumpDataDir('gzip')`, which PGlite opens again with `loadDataDir`. Named by the time it was taken, to the
 * millisecond in UTC, so that the names sort as the backups were taken.
 */
export class BackupError extends Error {}

const NAME = /^twogether-(\d{8}T\d{9}Z)\.pglite\.tar\.gz$/;

export function backupName(now: Date): string {
  // 2026-11-25T03:00:00.123Z → 20261125T030000123Z
  return `twogether-${now.toISOString().replace(/[-:.]/g, '')}.pglite.tar.gz`;
}

export const isBackupName = (name: string) => NAME.test(name);

/** The backups in a folder, oldest first; other files are never looked at (nor removed). */
export function listBackups(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return names
    .filter(isBackupName)
    .sort()
    .map((name) => path.join(dir, name));
}

/** Keeps the newest `keep` backups (and always `kept`, the one just written, whatever the clock did); returns the removed ones. */
export function removeOldBackups(dir: string, keep: number, kept: string): string[] {
  const older = listBackups(dir).filter((file) => file !== kept);
  const removed = older.slice(0, Math.max(0, older.length - (keep - 1)));
  for (const file of removed) rmSync(file, { force: true });
  return removed;
}

/**
 * Writes the backup whole or not at all: the tar stream compressed into a partial file, flushed to disk, read back
 * and checked, then renamed. Readable by its owner only: it holds every account's data. A folder this creates is
 * private too.
 */
export async function writeBackup(dir: string, name: string, tar: Readable): Promise<{ file: string; bytes: number }> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, name);
  const partial = `${file}.partial`;
  try {
    // Opened here, before any byte: a stream that fails early then has its file to remove (a write stream opens
    // its own file only later, and one opened after the removal stayed behind).
    await pipeline(tar, createGzip(), createWriteStream(partial, { fd: openSync(partial, 'wx', 0o600) }));
    const fd = openSync(partial, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    const bytes = readFileSync(partial);
    checkBackup(bytes, 'The copy just taken');
    renameSync(partial, file);
    return { file, bytes: bytes.length };
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
}

/**
 * The names in a tar (ustar headers: the name, its prefix, the size in octal), without extracting anything, and
 * whether it is whole: every entry's data there and the end-of-archive block after them.
 */
function tarNames(tar: Uint8Array): { names: string[]; whole: boolean } {
  const names: string[] = [];
  const text = (from: number, to: number) => Buffer.from(tar.subarray(from, to)).toString('utf8').replace(/\0.*$/s, '');
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) return { names, whole: true };
    const prefix = text(at + 345, at + 500);
    names.push(`${prefix ? `${prefix}/` : ''}${text(at, at + 100)}`.replace(/^\/+/, ''));
    const size = Number.parseInt(text(at + 124, at + 136).trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0) break;
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return { names, whole: false };
}

/**
 * Refuses what is not a backup of an embedded database, before anything is written: not gzip, not a tar, or a tar
 * without PostgreSQL's version file and control file. What is inside the database is checked once PGlite opens it.
 */
export function checkBackup(bytes: Uint8Array, what: string): void {
  let tar: Uint8Array;
  try {
    tar = gunzipSync(bytes);
  } catch {
    throw new BackupError(`${what} is not a Twogether backup: it is not a gzip file.`);
  }
  const { names: listed, whole } = tarNames(tar);
  const names = new Set(listed);
  if (!whole) throw new BackupError(`${what} is cut short: the archive inside ends before its last file does.`);
  if (!names.has('PG_VERSION') || !names.has('global/pg_control')) {
    throw new BackupError(`${what} is not a Twogether backup: it holds no embedded database (no PG_VERSION and global/pg_control at its top).`);
  }
}
