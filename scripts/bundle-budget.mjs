// The landing page's JavaScript budget, enforced by the build (docs/decisions/043-prerendered-public-pages.md):
// every script a browser fetches for /flow/1 by its load event (the classic and inline scripts of index.html, such as
// the theme's; the entry, the chunks the server preloads with the page, and their static imports, as Vite's manifest
// lists them), gzipped at level 9 as the bench counts them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SCRIPT_LOADER } from './script-loader.mjs';

/** The goal of issue 22: about 15 KB over a bare Vite + React Router page (95 KB). */
export const LANDING_BUDGET_KB = 110;
/** The modules the router loads for /flow/1, as the server preloads them (LANDING_PAGES in server/http/preload.ts). */
export const LANDING_MODULES = ['features/preview/preview-page.tsx'];

/**
 * Every prerendered page (PRERENDERED_PATHS in web/prerender.tsx) with the modules the router loads for it, as the
 * server preloads them (LANDING_PAGES in server/http/preload.ts; the test holds all three equal): none may carry zod
 * (docs/decisions/050-public-pages-run-less.md).
 */
const flowStep = (step) => ['features/preview/preview-page.tsx', ...(step ? [`features/preview/${step}`] : [])];
const inLayout = (page) => ['app/layout/root-layout.tsx', page];
export const PUBLIC_MODULES = {
  '/flow/1': LANDING_MODULES,
  '/flow/2': flowStep('steps/would-you-rather-step.tsx'),
  '/flow/3': flowStep(),
  '/flow/4': flowStep('steps/movie-step.tsx'),
  '/flow/5': flowStep(),
  '/flow/6': flowStep('steps/quiz-step.tsx'),
  '/flow/7': flowStep('report/report-step.tsx'),
  '/login': inLayout('features/auth/components/login-page.tsx'),
  '/signup': inLayout('features/auth/components/signup-page.tsx'),
  '/forgot-password': inLayout('features/auth/components/forgot-password-page.tsx'),
  '/pricing': inLayout('features/plans/pricing-page.tsx'),
  '/privacy': inLayout('features/legal/privacy-page.tsx'),
  '/terms': inLayout('features/legal/terms-page.tsx'),
  '/contact': inLayout('features/legal/contact-page.tsx'),
};

const readManifest = (webDir) => {
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`no Vite manifest at ${manifestFile}: the budget cannot be checked`);
  return JSON.parse(readFileSync(manifestFile, 'utf8'));
};

/** The files a page loads before it runs: the entry, these modules, and their static imports. */
function initialFiles(manifest, modules) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const child of chunk.imports ?? []) visit(child);
  };
  for (const key of Object.keys(manifest).filter((k) => manifest[k].isEntry)) visit(key);
  for (const key of modules) visit(key);
  return files;
}

/** The files /flow/1 loads, each with its gzipped size in KB, largest first. */
export function landingScripts(webDir, modules = LANDING_MODULES) {
  const files = initialFiles(readManifest(webDir), modules);
  // A classic script in the page's head (the theme before the first paint) is fetched before anything else.
  const indexHtml = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  for (const [, src] of indexHtml.matchAll(/<script(?![^>]*type="module")[^>]*\ssrc="\/([^"]+)"/g)) files.add(src);
  const gzipKb = (bytes) => gzipSync(bytes, { level: 9 }).length / 1024;
  // An inline script (the theme's, inlined by the build) is JavaScript the page carries too.
  // Inline scripts are JavaScript the page carries too: the theme's (inlined by the build), and the prerendered page's loader (decision 047).
  const inlineSources = [...[...indexHtml.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, source]) => source), SCRIPT_LOADER];
  const inline = inlineSources.map((source, i) => ({ file: `index.html inline script ${i + 1}`, kb: gzipKb(Buffer.from(source)) }));
  return [...[...files].map((file) => ({ file, kb: gzipKb(readFileSync(path.join(webDir, file))) })), ...inline].sort((a, b) => b.kb - a.kb);
}

/** Throws, naming the largest files, when /flow/1's initial JavaScript passes the budget; else returns its size. */
export function checkLandingBudget(webDir, budgetKb = LANDING_BUDGET_KB) {
  const scripts = landingScripts(webDir);
  const total = scripts.reduce((sum, s) => sum + s.kb, 0);
  if (total > budgetKb) {
    const largest = scripts
      .slice(0, 6)
      .map((s) => `${s.file} ${s.kb.toFixed(1)} KB`)
      .join(', ');
    throw new Error(`/flow/1 loads ${total.toFixed(1)} KB of JavaScript (gzip -9) in ${scripts.length} files, over its budget of ${budgetKb} KB; largest: ${largest}`);
  }
  return { kb: total, files: scripts.length };
}

/**
 * Throws, naming the page and the file, when a public page's initial JavaScript carries zod (its schema classes:
 * `$ZodType` is the name zod registers, kept by minification). The schemas come with the first request that needs
 * them, never before the page runs.
 */
export function checkPublicPagesZodFree(webDir, pages = PUBLIC_MODULES) {
  const manifest = readManifest(webDir);
  const carrying = Object.entries(pages).flatMap(([page, modules]) =>
    [...initialFiles(manifest, modules)].filter((file) => readFileSync(path.join(webDir, file), 'utf8').includes('$ZodType')).map((file) => `${page} (${file})`),
  );
  if (carrying.length) throw new Error(`public pages load zod before they run: ${carrying.join(', ')}`);
}
