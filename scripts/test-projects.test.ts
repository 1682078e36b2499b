import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** `vitest list` (no test runs, no global setup) under an environment of our choosing: what `npm test` would include. */
function listFiles(project: string, env: Record<string, string>) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && !['CI', 'CHROMIUM_PATH', 'NODE_ENV'].includes(k)));
  return execFileSync(process.execPath, [path.resolve('node_modules/vitest/vitest.mjs'), 'list', '--filesOnly', '--project', project], {
    env: { ...clean, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('npm test on a machine without Chromium', () => {
  it('leaves the end-to-end suite out and says how to install Chromium', () => {
    const out = listFiles('unit', { CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(out).toContain('e2e, the end-to-end suite (no Chromium at /nonexistent/chromium: apt-get install -y chromium fonts-noto-color-emoji');
    expect(out).toMatch(/\[unit\] core\/\S+\.test\.ts/);
  });

  it('keeps the end-to-end suite under CI, where a missing browser must fail', () => {
    const out = listFiles('e2e', { CHROMIUM_PATH: '/nonexistent/chromium', CI: 'true' });
    expect(out).not.toContain('the end-to-end suite (no Chromium');
    expect(out).toMatch(/\[e2e\] e2e\/\S+\.test\.ts/);
  });
});

describe('the PostgreSQL suite', () => {
  it('runs what reads or writes through SQL, and leaves the HTTP layer, sockets and the push transport to PGlite', () => {
    const out = listFiles('integration-postgres', { TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' });
    for (const file of ['server/modules/sessions/engine.test.ts', 'server/jobs/queue.test.ts', 'server/http/health.test.ts', 'server/auth/auth.test.ts'])
      expect(out).toContain(file);
    for (const file of ['server/http/fuzz.test.ts', 'server/realtime/realtime.test.ts', 'server/push/send.test.ts']) expect(out).not.toContain(file);
  });
});
