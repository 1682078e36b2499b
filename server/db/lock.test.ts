import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireLock, DataDirLockedError } from './lock';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'twogether-lock-'));

describe('PGlite folder lock', () => {
  it('refuses a second opener while the owner lives, with a clear message', async () => {
    const file = path.join(tmp(), 'pglite.lock');
    // Another live process holds the lock.
    const owner = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(file, String(owner.pid));
      expect(() => acquireLock(file)).toThrow(DataDirLockedError);
      expect(() => acquireLock(file)).toThrow(new RegExp(`already open in process ${owner.pid}`));
    } finally {
      owner.kill('SIGKILL');
    }
  });

  it('takes over a lock whose owner died (a crash or SIGKILL), and releases it', async () => {
    const file = path.join(tmp(), 'pglite.lock');
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => dead.once('exit', r));
    writeFileSync(file, String(dead.pid));
    const release = acquireLock(file);
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(file)).toBe(false);
  });
});

describe('PGlite folder lock under a race', () => {
  it('gives a stale lock to exactly one of three processes starting together', async () => {
    const dir = tmp();
    const file = path.join(dir, 'pglite.lock');
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => dead.once('exit', r));
    writeFileSync(file, String(dead.pid));
    // The owner holds the lock until all three have answered, then the test lets it go (closes its stdin): a late
    // starter still finds a live owner, however slowly the machine starts them.
    const script = `
      import { acquireLock } from ${JSON.stringify(path.resolve('server/db/lock.ts'))};
      try { acquireLock(${JSON.stringify(file)}); console.log('owner'); process.stdin.resume(); }
      catch (e) { console.log('refused'); }`;
    const children = Array.from({ length: 3 }, () => spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: path.resolve('.') }));
    const exits = children.map((child) => new Promise((resolve) => child.once('exit', resolve)));
    const answers = children.map(
      (child) =>
        new Promise<string>((resolve) => {
          let out = '';
          child.stdout.on('data', (d) => {
            out += d;
            if (out.includes('\n')) resolve(out.trim());
          });
          child.once('exit', () => resolve(out.trim()));
        }),
    );
    const results = await Promise.all(answers);
    // The owner's PID is in the lock from the moment it exists, and no draft is left behind.
    const owner = children[results.indexOf('owner')];
    expect(readdirSync(dir)).toEqual(['pglite.lock']);
    expect(readFileSync(file, 'utf8')).toBe(String(owner?.pid));
    for (const child of children) child.stdin.end();
    await Promise.all(exits);
    expect(results.filter((r) => r === 'owner')).toHaveLength(1);
    expect(results.filter((r) => r === 'refused')).toHaveLength(2);
  }, 30_000);
});
