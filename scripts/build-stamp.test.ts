import { copyFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without types
import { developmentBuildFiles, PRODUCTION, readStamp, rebuildReason, withNodeEnv, writeStamp } from './build-stamp.mjs';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'twogether-stamp-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const builtAt = 1_000_000;
const fresh = { stamp: { mode: PRODUCTION, builtMs: builtAt }, bundleExists: true, newestSourceMs: builtAt - 1, mode: PRODUCTION };

describe('the build stamp', () => {
  it('records the mode it was built in', () => {
    const file = path.join(dir, '.build-stamp');
    writeStamp(file, PRODUCTION);
    expect(readStamp(file)).toMatchObject({ mode: PRODUCTION, builtMs: expect.any(Number) });
  });

  it('reads a stamp from before the mode was recorded as an unknown mode, and none as null', () => {
    const file = path.join(dir, '.build-stamp');
    expect(readStamp(file)).toBeNull();
    writeFileSync(file, '2026-11-22T17:42:46.650Z');
    expect(readStamp(file)).toMatchObject({ mode: null });
  });

  it('lets npm start serve a production build newer than every source', () => {
    expect(rebuildReason(fresh)).toBeNull();
  });

  it('makes npm start rebuild a build made in another mode, even when it is newer than the sources', () => {
    expect(rebuildReason({ ...fresh, stamp: { mode: 'test', builtMs: builtAt } })).toMatch(/made for test, not production/);
    expect(rebuildReason({ ...fresh, stamp: { mode: null, builtMs: builtAt } })).toMatch(/unknown mode/);
  });

  it('makes npm start rebuild when there is no build, no server bundle, or a newer source', () => {
    expect(rebuildReason({ ...fresh, stamp: null })).toMatch(/First start/);
    expect(rebuildReason({ ...fresh, bundleExists: false })).toMatch(/First start/);
    expect(rebuildReason({ ...fresh, newestSourceMs: builtAt + 1 })).toMatch(/Sources changed/);
  });

  it('a stamp written after the sources changed counts as newer than them', () => {
    const source = path.join(dir, 'source.ts');
    writeFileSync(source, '');
    utimesSync(source, new Date(builtAt), new Date(builtAt));
    const file = path.join(dir, '.build-stamp');
    writeStamp(file, PRODUCTION);
    expect(rebuildReason({ ...fresh, stamp: readStamp(file), newestSourceMs: builtAt })).toBeNull();
  });
});

describe('building in production mode', () => {
  it('runs the build under NODE_ENV=production and gives the caller its own value back, even on failure', async () => {
    const before = process.env.NODE_ENV;
    expect(await withNodeEnv(PRODUCTION, async () => process.env.NODE_ENV)).toBe('production');
    expect(process.env.NODE_ENV).toBe(before);
    await expect(withNodeEnv(PRODUCTION, async () => Promise.reject(new Error('vite failed')))).rejects.toThrow('vite failed');
    expect(process.env.NODE_ENV).toBe(before);
  });

  it("tells React's development build from its production build", () => {
    const assets = path.join(dir, 'assets');
    mkdirSync(assets);
    const cjs = path.resolve('node_modules/react-dom/cjs');
    copyFileSync(path.join(cjs, 'react-dom-client.production.js'), path.join(assets, 'react-dom-prod.js'));
    expect(developmentBuildFiles(assets)).toEqual([]);
    copyFileSync(path.join(cjs, 'react-dom-client.development.js'), path.join(assets, 'react-dom-dev.js'));
    expect(developmentBuildFiles(assets)).toEqual([path.join(assets, 'react-dom-dev.js')]);
  });
});
