/**
 * Initial JS of /flow/1: every script a browser fetches before any interaction (entry, its static imports
 * and the lazy route chunk), gzipped at level 9. Counted in real Chromium, cross-checked against Vite's manifest.
 * Baseline: a bare Vite + React 19 + React Router 7 app (bench/baseline-app), all of its JS.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { benchDir, repoRoot, row, type Row, runCommand, withTimeout, contentTypes } from './lib';
import type { BenchContext } from './run';

const TARGET_KB = 130;
const BUILD_TIMEOUT_MS = 5 * 60_000;
const PAGE_TIMEOUT_MS = 30_000;
/** The lazy route module of /flow/:step, as named in the Vite manifest (keys are relative to web/). */
const FLOW_MODULE = 'features/onboarding/flow-page.tsx';

const gzipKb = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length / 1024;

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? listFiles(file) : [file];
  });
}

async function baselineKb(outDir: string): Promise<number> {
  const [{ build }, { default: react }] = await Promise.all([import('vite'), import('@vitejs/plugin-react')]);
  await build({
    root: path.join(benchDir, 'baseline-app'),
    configFile: false, // not the app's config: no aliases, no Tailwind
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  // Single route, no lazy chunk: everything it emits is loaded up front.
  return listFiles(outDir)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gzipKb(readFileSync(f)), 0);
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** What a browser must load for /flow/1 according to the manifest: the entry, the flow chunk, and their static imports. */
function expectedFromManifest(outDir: string): { files: Set<string>; flowFile?: string } | null {
  const file = path.join(outDir, '.vite/manifest.json');
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  Object.keys(manifest)
    .filter((k) => manifest[k].isEntry)
    .forEach(visit);
  visit(FLOW_MODULE);
  return { files, flowFile: manifest[FLOW_MODULE]?.file };
}

/**
 * Opens /flow/1 on the running app, but serves the page and its static files from `outDir` (the fresh build):
 * the API stays real, while dist/web, which the app serves and which may be stale, is not what gets counted.
 * Returns the JS files fetched (paths relative to outDir) and any page errors.
 */
async function loadedInChromium(origin: string, outDir: string): Promise<{ files: string[]; problems: string[] }> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    timeout: PAGE_TIMEOUT_MS,
  });
  try {
    const page = await browser.newPage();
    const files = new Set<string>();
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('requestfailed', (req) => problems.push(`failed: ${req.url()}`));
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.origin === origin && url.pathname.endsWith('.js')) files.add(url.pathname.slice(1));
    });
    await page.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (url.origin !== origin) return route.abort(); // the page must not reach outside localhost
      if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io')) return route.continue();
      const file = path.join(outDir, decodeURIComponent(url.pathname));
      const isFile = file.startsWith(outDir) && url.pathname !== '/' && existsSync(file) && statSync(file).isFile();
      const served = isFile ? file : path.join(outDir, 'index.html'); // history fallback, as the app's server does
      return route.fulfill({ status: 200, body: readFileSync(served), contentType: contentTypes[path.extname(served)] ?? 'application/octet-stream' });
    });
    await page.goto(`${origin}/flow/1`, { waitUntil: 'networkidle', timeout: PAGE_TIMEOUT_MS });
    // A blank root means the page crashed or never mounted: the file list would then not be the real one.
    const rendered = await page.evaluate(() => (document.getElementById('root')?.textContent ?? '').trim().length);
    if (rendered === 0) problems.push('nothing rendered in #root');
    return { files: [...files].sort(), problems };
  } finally {
    await browser.close().catch(() => {});
  }
}

export async function measureBundle(ctx: BenchContext): Promise<Row[]> {
  const baseline = await withTimeout('baseline build', BUILD_TIMEOUT_MS, baselineKb(path.join(ctx.tmpDir, 'baseline-dist')));

  const outDir = path.join(ctx.tmpDir, 'app-dist');
  // --manifest only adds .vite/manifest.json, used for the cross-check below.
  const built = await runCommand('npx', ['vite', 'build', '--outDir', outDir, '--manifest'], { cwd: repoRoot, timeoutMs: BUILD_TIMEOUT_MS });
  if (built.code !== 0 || !existsSync(path.join(outDir, 'index.html'))) {
    const reason = built.output.split('\n').find((l) => /error|could not|failed/i.test(l)) ?? built.output.slice(-200);
    // eslint-disable-next-line no-control-regex
    const clean = reason
      // Lighthouse's messages carry terminal colour codes: ESC is the point of the pattern.
      // oxlint-disable-next-line no-control-regex
      .replace(/\x1b\[[0-9;]*m/g, '')
      .trim()
      .slice(0, 200);
    return [row('initial JS of /flow/1 (gzip -9)', 'KB', null, baseline, TARGET_KB, `app build failed: ${clean}`)];
  }

  const expected = expectedFromManifest(outDir);
  let files: string[];
  const notes: string[] = [];
  try {
    const loaded = await loadedInChromium(ctx.appOrigin, outDir);
    files = loaded.files;
    notes.push(...loaded.problems.slice(0, 3));
    if (expected) {
      const missing = [...expected.files].filter((f) => !files.includes(f));
      const extra = files.filter((f) => !expected.files.has(f));
      if (missing.length) notes.push(`in manifest, not loaded: ${missing.join(' ')}`);
      if (extra.length) notes.push(`loaded, not in manifest for /flow/1: ${extra.join(' ')}`);
      if (!expected.flowFile) notes.push(`${FLOW_MODULE} not in the manifest`);
    }
  } catch (err) {
    if (!expected) throw err;
    files = [...expected.files].sort();
    notes.push(`Chromium failed (${(err as Error).message.split('\n')[0]}), counted from the Vite manifest`);
  }

  const unknown = files.filter((f) => !existsSync(path.join(outDir, f)));
  if (unknown.length) notes.push(`not in the build, not counted: ${unknown.join(' ')}`);
  const kb = files.filter((f) => !unknown.includes(f)).reduce((sum, f) => sum + gzipKb(readFileSync(path.join(outDir, f))), 0);
  notes.unshift(`${files.length} files: ${files.map((f) => path.basename(f)).join(' ')}`);
  return [row('initial JS of /flow/1 (gzip -9)', 'KB', kb, baseline, TARGET_KB, notes.join('; '))];
}
