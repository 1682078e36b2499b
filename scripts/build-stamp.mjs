// The build stamp says when dist/ was built and in which mode, so `npm start` never serves a bundle built for
// something else (the end-to-end suite's build, or one made under NODE_ENV=test, which ships React's development build).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What users run: React's production build, minified, without development warnings. */
export const PRODUCTION = 'production';

/** @param {string} file @param {string} mode */
export function writeStamp(file, mode) {
  writeFileSync(file, `${JSON.stringify({ builtAt: new Date().toISOString(), mode })}\n`);
}

/**
 * The stamp as written, with its file time; null when there is none. A stamp from before the mode was recorded
 * (a bare date) reads as mode null, which never matches, so that build is redone once.
 * @param {string} file
 * @returns {{ mode: string | null, builtMs: number } | null}
 */
export function readStamp(file) {
  if (!existsSync(file)) return null;
  let mode = null;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8'));
    if (parsed && typeof parsed.mode === 'string') mode = parsed.mode;
  } catch {
    /* the old format: an ISO date alone */
  }
  return { mode, builtMs: statSync(file).mtimeMs };
}

/** @param {string} p the newest modification time under p (a file or a folder) */
export function newestMtime(p) {
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(p).reduce((max, name) => Math.max(max, newestMtime(path.join(p, name))), stat.mtimeMs);
}

/**
 * Why dist/ must be built again before serving it in `mode`, or null when it is good as it is.
 * @param {{ stamp: { mode: string | null, builtMs: number } | null, bundleExists: boolean, newestSourceMs: number, mode: string }} state
 */
export function rebuildReason({ stamp, bundleExists, newestSourceMs, mode }) {
  if (!stamp || !bundleExists) return 'First start: building the app (about a minute)…';
  if (stamp.mode !== mode) return `The last build was made for ${stamp.mode ?? 'an unknown mode'}, not ${mode}: building…`;
  if (newestSourceMs > stamp.builtMs) return 'Sources changed since the last build: building…';
  return null;
}

/**
 * Runs `work` with NODE_ENV set to `mode`, then puts the caller's value back. Vite picks React's build from
 * NODE_ENV (a test runner sets it to "test"), and the server started afterwards in this process must see its own.
 * @template T @param {string} mode @param {() => Promise<T>} work @returns {Promise<T>}
 */
export async function withNodeEnv(mode, work) {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = mode;
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
}

/** A string only React's development build carries: its warning about updating one component while rendering another. */
const DEVELOPMENT_ONLY_TEXT = 'Cannot update a component';

/** @param {string} dir the built web assets; the files that carry React's development build (empty in production) */
export function developmentBuildFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.js'))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => readFileSync(file, 'utf8').includes(DEVELOPMENT_ONLY_TEXT));
}
