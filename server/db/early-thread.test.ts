import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, rowsOf } from './client';
import { startEarly, takeEarly } from './early-thread';
import { DataDirLockedError } from './lock';
import { PGliteThread } from './pglite-thread';

const root = mkdtempSync(path.join(os.tmpdir(), 'twogether-early-'));
const dataDir = path.join(root, 'data');
const lockFile = path.join(dataDir, 'pglite.lock');
afterAll(() => rmSync(root, { recursive: true, force: true }));
/** Spies on PGlite's thread, restored after each test (console.error's own spy, from the setup file, stays). */
const spies: { mockRestore(): void }[] = [];
const spied = <T extends { mockRestore(): void }>(spy: T) => (spies.push(spy), spy);
afterEach(() => spies.splice(0).forEach((spy) => spy.mockRestore()));

describe("PGlite's thread started before the server loads (decision 059)", () => {
  beforeAll(async () => {
    // A folder with a cluster, as on every start but the first.
    const first = await openDatabase({ dataDir });
    await first.close();
  }, 180_000);

  it('starts nothing on a new folder, with DATABASE_URL, or with PGlite in the main thread', async () => {
    const start = spied(vi.spyOn(PGliteThread, 'start'));
    const empty = path.join(root, 'empty');
    mkdirSync(empty, { recursive: true });
    startEarly({ DATA_DIR: empty });
    startEarly({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://localhost/x' });
    startEarly({ DATA_DIR: dataDir, PGLITE_WORKER: 'false' });
    expect(start).not.toHaveBeenCalled();
    expect(await takeEarly(path.join(dataDir, 'pglite'))).toBeUndefined();
    expect(existsSync(lockFile)).toBe(false);
    expect(existsSync(path.join(empty, 'pglite.lock'))).toBe(false);
  });

  it('locks the folder and starts the thread, which openDatabase takes instead of starting its own', { timeout: 60_000 }, async () => {
    const start = spied(vi.spyOn(PGliteThread, 'start'));
    startEarly({ DATA_DIR: dataDir });
    expect(start).toHaveBeenCalledTimes(1);
    expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));

    const database = await openDatabase({ dataDir });
    try {
      expect(start).toHaveBeenCalledTimes(1);
      expect(rowsOf<{ one: number }>(await database.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
    // Taken once: the lock went with the database's close.
    expect(existsSync(lockFile)).toBe(false);
    expect(await takeEarly(path.join(dataDir, 'pglite'))).toBeUndefined();
  });

  it('leaves a folder another process holds to openDatabase, which says who holds it', { timeout: 60_000 }, async () => {
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60000)']);
    const start = spied(vi.spyOn(PGliteThread, 'start'));
    try {
      writeFileSync(lockFile, String(holder.pid));
      startEarly({ DATA_DIR: dataDir });
      expect(start).not.toHaveBeenCalled();
      await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirLockedError);
      expect(readFileSync(lockFile, 'utf8')).toBe(String(holder.pid));
    } finally {
      holder.kill('SIGKILL');
      rmSync(lockFile, { force: true });
    }
  });

  it('closes a thread started for another folder and frees that folder', { timeout: 60_000 }, async () => {
    const close = spied(vi.spyOn(PGliteThread.prototype, 'close'));
    startEarly({ DATA_DIR: dataDir });
    expect(existsSync(lockFile)).toBe(true);
    expect(await takeEarly(path.join(root, 'elsewhere', 'pglite'))).toBeUndefined();
    await vi.waitFor(() => expect(existsSync(lockFile)).toBe(false), { timeout: 30_000, interval: 20 });
    expect(close).toHaveBeenCalledTimes(1);
  });
});
