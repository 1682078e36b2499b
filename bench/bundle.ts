/**
 * Initial JS of /flow/1: every script a visitor's browser fetches by the load event (the entry, the chunks the
 * server preloads with the prerendered page, their imports), gzipped at level 9, counted in real Chromium on the
 * running app, and cross-checked against the build's own budget check (scripts/bundle-budget.mjs, decision 043).
 * Baseline: a bare Vite + React 19 + React Router 7 app (bench/baseline-app), all of its JS.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { benchDir, repoRoot, row, type Row, withTimeout } from './lib';
import type { BenchContext } from './run';
// @ts-expect-error: a plain ESM script without types
import { LANDING_BUDGET_KB, landingScripts } from '../scripts/bundle-budget.mjs';

const BUILD_TIMEOUT_MS = 5 * 60_000;
const PAGE_TIMEOUT_MS = 30_000;
const webDir = path.join(repoRoot, 'dist/web');

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

/** The app's scripts a visitor's Chromium fetched for /flow/1 by the load event (paths relative to dist/web). */
async function loadedInChromium(origin: string): Promise<{ files: string[]; problems: string[] }> {
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
    let loaded = false;
    page.on('load', () => (loaded = true));
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('requestfailed', (req) => problems.push(`failed: ${req.url()}`));
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (!loaded && url.origin === origin && url.pathname.endsWith('.js')) files.add(url.pathname.slice(1));
    });
    const response = await page.goto(`${origin}/flow/1`, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
    if (!(await response?.text())?.includes('data-prerendered')) problems.push('the page was not sent prerendered');
    return { files: [...files].sort(), problems };
  } finally {
    await browser.close().catch(() => {});
  }
}

export async function measureBundle(ctx: BenchContext): Promise<Row[]> {
  const baseline = await withTimeout('baseline build', BUILD_TIMEOUT_MS, baselineKb(path.join(ctx.tmpDir, 'baseline-dist')));
  const expected = (landingScripts(webDir) as { file: string; kb: number }[]).map((s) => s.file);
  const { files, problems } = await loadedInChromium(ctx.appOrigin);
  const notes = [`${files.length} files: ${files.map((f) => path.basename(f)).join(' ')}`, ...problems.slice(0, 3)];
  const missing = expected.filter((f) => !files.includes(f));
  const extra = files.filter((f) => !expected.includes(f));
  if (missing.length) notes.push(`counted by the build's budget, not loaded: ${missing.join(' ')}`);
  if (extra.length) notes.push(`loaded, not counted by the build's budget: ${extra.join(' ')}`);
  const kb = files.reduce((sum, f) => sum + gzipKb(readFileSync(path.join(webDir, f))), 0);
  return [row('initial JS of /flow/1 by the load event (gzip -9)', 'KB', kb, baseline, LANDING_BUDGET_KB, notes.join('; '))];
}
