import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/app';
import { registerSpa } from './static';

/** A production build in miniature: index.html, the manifest the page preloader reads, one asset. */
function fakeBuild({ manifest }: { manifest: boolean }): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'twogether-head-'));
  writeFileSync(path.join(dir, 'index.html'), '<html><head><script type="module" src="/assets/index-1.js"></script></head><body></body></html>');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'index-1.js'), 'console.log(1)');
  if (manifest) {
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/index-1.js' } }));
  }
  return dir;
}

const dirs: string[] = [];
let t: TestApp;
beforeAll(async () => {
  dirs.push(fakeBuild({ manifest: true }));
  t = await createTestApp({ RATE_LIMIT: 'false' }, {}, { webDir: dirs[0] });
});
afterAll(async () => {
  await t.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// Headers that differ between any two answers, whatever the method (each request has its own id).
const VARYING = new Set(['date', 'connection', 'keep-alive', 'x-request-id']);
const sameHeaders = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !VARYING.has(name)));

describe('HEAD', () => {
  it.each(['/flow/1', '/login', '/games/would_you_rather', '/assets/index-1.js', '/'])('answers %s as GET does, without a body', async (url) => {
    const [get, head] = await Promise.all([t.app.inject({ method: 'GET', url }), t.app.inject({ method: 'HEAD', url })]);
    expect(get.statusCode).toBe(200);
    expect(get.body.length).toBeGreaterThan(0);
    expect(head.statusCode).toBe(get.statusCode);
    expect(sameHeaders(head.headers)).toEqual(sameHeaders(get.headers));
    expect(head.body).toBe('');
  });

  it('answers an unknown API path with 404, as GET does', async () => {
    const [get, head] = await Promise.all([t.app.inject({ method: 'GET', url: '/api/nothing' }), t.app.inject({ method: 'HEAD', url: '/api/nothing' })]);
    expect([get.statusCode, head.statusCode]).toEqual([404, 404]);
    expect(head.body).toBe('');
  });

  it('answers page routes from index.html alone too (a build without the preload manifest)', async () => {
    dirs.push(fakeBuild({ manifest: false }));
    const app = Fastify();
    await registerSpa(app, dirs[1]);
    const [get, head] = await Promise.all([app.inject({ method: 'GET', url: '/flow/1' }), app.inject({ method: 'HEAD', url: '/flow/1' })]);
    expect([get.statusCode, head.statusCode]).toEqual([200, 200]);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.body).toBe('');
    await app.close();
  });
});
