import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadBackupConfig } from '../config';
import { BackupError, backupName, checkBackup, listBackups, removeOldBackups, writeBackup } from './backup-file';
import { tarFolder } from './tar';

const root = mkdtempSync(path.join(os.tmpdir(), 'twogether-backup-file-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A folder shaped like a PGlite one, small. */
function fakeDatabase(): string {
  const dir = mkdtempSync(path.join(root, 'pglite-'));
  mkdirSync(path.join(dir, 'global'));
  mkdirSync(path.join(dir, 'base/5'), { recursive: true });
  writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
  writeFileSync(path.join(dir, 'global/pg_control'), Buffer.alloc(8192, 7));
  writeFileSync(path.join(dir, 'base/5/1259'), Buffer.alloc(1000, 1)); // not a multiple of 512
  return dir;
}

const tarOf = async (dir: string) => {
  const chunks: Buffer[] = [];
  for await (const chunk of tarFolder(dir)) chunks.push(chunk);
  return Buffer.concat(chunks);
};

describe('backup files (decision 038)', () => {
  it('are named by the UTC time to the millisecond, so that names sort as they were taken', () => {
    expect(backupName(new Date('2026-11-26T03:15:00.123Z'))).toBe('twogether-20261126T031500123Z.pglite.tar.gz');
    const names = ['2026-11-26T03:15:00.123Z', '2026-11-25T23:59:59.999Z', '2026-11-26T03:15:00.124Z'].map((t) => backupName(new Date(t)));
    expect([...names].sort()).toEqual([names[1], names[0], names[2]]);
  });

  it('are a tar laid out as PGlite dumps (a leading slash, folders as entries), checked whole before they count', async () => {
    const tar = await tarOf(fakeDatabase());
    const text = tar.toString('latin1');
    for (const name of ['/PG_VERSION', '/base', '/base/5', '/base/5/1259', '/global/pg_control']) expect(text).toContain(`${name}\u0000`);
    expect(tar.length % 512).toBe(0);
    expect(() => checkBackup(gzipSync(tar), 'it')).not.toThrow();
    // Cut anywhere before its end, it is refused: the stream from the app stopped halfway.
    for (const at of [512, 1024, tar.length - 1024, tar.length - 600]) {
      expect(() => checkBackup(gzipSync(tar.subarray(0, at)), 'it')).toThrow('it is cut short');
    }
    expect(() => checkBackup(Buffer.from('plain text'), 'notes.txt')).toThrow('notes.txt is not a Twogether backup: it is not a gzip file.');
    const other = mkdtempSync(path.join(root, 'other-'));
    writeFileSync(path.join(other, 'photo.jpg'), 'x');
    const photos = gzipSync(await tarOf(other));
    expect(() => checkBackup(photos, 'photos.tar.gz')).toThrow('holds no embedded database');
  });

  it('are written whole or not at all, readable by their owner only, and only the newest BACKUP_KEEP stay', async () => {
    const dir = path.join(root, 'backups');
    const database = fakeDatabase();
    const taken: string[] = [];
    for (const time of ['2026-11-20T03:15:00.000Z', '2026-11-21T03:15:00.000Z', '2026-11-22T03:15:00.000Z']) {
      const { file } = await writeBackup(dir, backupName(new Date(time)), Readable.from(tarFolder(database)));
      taken.push(file);
    }
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(taken[0]).mode & 0o777).toBe(0o600);
    writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    expect(listBackups(dir)).toEqual(taken);
    expect(removeOldBackups(dir, 2, taken[2])).toEqual([taken[0]]);
    // The one just written stays whatever the clock said when it was named.
    expect(removeOldBackups(dir, 1, taken[1])).toEqual([taken[2]]);
    expect(readdirSync(dir).sort()).toEqual(['notes.txt', path.basename(taken[1])]);

    const broken = Readable.from(
      (async function* () {
        yield Buffer.alloc(512, 1);
        throw new Error('the app went away');
      })(),
    );
    await expect(writeBackup(dir, backupName(new Date('2026-11-23T03:15:00.000Z')), broken)).rejects.toThrow('the app went away');
    const half = (await tarOf(database)).subarray(0, 1024);
    await expect(writeBackup(dir, backupName(new Date('2026-11-24T03:15:00.000Z')), Readable.from([half]))).rejects.toThrow(BackupError);
    expect(readdirSync(dir).sort()).toEqual(['notes.txt', path.basename(taken[1])]);
    expect(readFileSync(taken[1]).length).toBeGreaterThan(0);
  });

  it('are configured by DATA_DIR, BACKUP_DIR and BACKUP_KEEP, a bad value named', () => {
    expect(loadBackupConfig({ DATA_DIR: '/srv/data' })).toEqual({ dataDir: '/srv/data', databaseUrl: undefined, backupDir: '/srv/data/backups', keep: 7 });
    expect(loadBackupConfig({ DATA_DIR: '/srv/data', BACKUP_DIR: '/mnt/b', BACKUP_KEEP: '30' })).toMatchObject({ backupDir: '/mnt/b', keep: 30 });
    expect(() => loadBackupConfig({ BACKUP_KEEP: '0' })).toThrow(ConfigError);
    expect(() => loadBackupConfig({ BACKUP_KEEP: 'seven' })).toThrow(/BACKUP_KEEP/);
  });
});
