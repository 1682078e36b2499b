/**
 * Initial JS of /flow/1: every script a visitor's browser runs until the page has hydrated (`<html data-ready>`,
 * web/main.tsx): its inline scripts, the entry, the chunks the server lists with the prerendered page, their
 * imports. The prerendered page requests them after its first paint (decision 047), so by the load event it may
 * have fetched none: hydrated is what the page needs to work. Gzipped at level 9, counted in real Chromium on the
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

/** The app's scripts a visitor's Chromium ran for /flow/1 until it had hydrated (paths relative to dist/web), and its inline scripts. */
async function loadedInChromium(origin: string): Promise<{ files: string[]; inline: string[]; problems: string[] }> {
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
    let hydrated = false;
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('requestfailed', (req) => problems.push(`failed: ${req.url()}`));
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (!hydrated && url.origin === origin && url.pathname.endsWith('.js')) files.add(url.pathname.slice(1));
    });
    const response = await page.goto(`${origin}/flow/1`, { waitUntil: 'commit', timeout: PAGE_TIMEOUT_MS });
    const html = (await response?.text()) ?? '';
    await page.locator('html[data-ready]').waitFor({ state: 'attached', timeout: PAGE_TIMEOUT_MS });
    hydrated = true;
    // Exactly what was requested before the page ran (web/main.tsx marks it): not what it fetches after, such as the service worker's chunk.
    const before = await page.evaluate(() => {
      const ready = performance.getEntriesByName('twogether:ready')[0]?.startTime ?? Infinity;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime <= ready)
        .map((entry) => new URL(entry.name).pathname.slice(1));
    });
    for (const file of [...files]) if (!before.includes(file)) files.delete(file);
    if (!html.includes('data-prerendered')) problems.push('the page was not sent prerendered');
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, source]) => source);
    return { files: [...files].sort(), inline, problems };
  } finally {
    await browser.close().catch(() => {});
  }
}

export async function measureBundle(ctx: BenchContext): Promise<Row[]> {
  const baseline = await withTimeout('baseline build', BUILD_TIMEOUT_MS, baselineKb(path.join(ctx.tmpDir, 'baseline-dist')));
  const expected = (landingScripts(webDir) as { file: string; kb: number }[]).map((s) => s.file);
  const { files, inline, problems } = await loadedInChromium(ctx.appOrigin);
  const inlineNames = inline.map((_, i) => `index.html inline script ${i + 1}`);
  const notes = [`${files.length} files and ${inline.length} inline scripts: ${files.map((f) => path.basename(f)).join(' ')}`, ...problems.slice(0, 3)];
  const missing = expected.filter((f) => !files.includes(f) && !inlineNames.includes(f));
  const extra = files.filter((f) => !expected.includes(f));
  if (missing.length) notes.push(`counted by the build's budget, not loaded: ${missing.join(' ')}`);
  if (extra.length) notes.push(`loaded, not counted by the build's budget: ${extra.join(' ')}`);
  const kb = files.reduce((sum, f) => sum + gzipKb(readFileSync(path.join(webDir, f))), 0) + inline.reduce((sum, source) => sum + gzipKb(Buffer.from(source)), 0);
  return [row('initial JS of /flow/1 until hydrated (gzip -9)', 'KB', kb, baseline, LANDING_BUDGET_KB, notes.join('; '))];
}
