// The public pages as HTML at build time (docs/decisions/043-prerendered-public-pages.md): web/prerender.tsx is
// built for Node by Vite over the same route objects as the browser bundle, each page is rendered as a visitor sees
// it into the built index.html, and written to dist/web/prerendered/<path>.html, where the server finds it.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build as viteBuild } from 'vite';
import { SCRIPT_LOADER } from './script-loader.mjs';

const ROOT_ELEMENT = '<div id="root"></div>';

/** Where the server looks for a path's prerendered page: /login → prerendered/login.html, /flow/1 → prerendered/flow/1.html. */
export const prerenderedFile = (webDir, pathname) => path.join(webDir, 'prerendered', `${pathname.slice(1)}.html`);

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** The page's markup inside the built index.html's root element, marked so the browser hydrates it, its scripts fetched after the first paint. */
export function pageHtml(indexHtml, { markup, title }) {
  if (!indexHtml.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT} to render into`);
  if (/<script(?![^>]*\bsrc=)/i.test(markup)) throw new Error('a prerendered page carries an inline script, which the Content-Security-Policy refuses');
  const entry = ENTRY_SCRIPT.exec(indexHtml)?.[1];
  if (!entry) throw new Error('index.html has no module entry script');
  const preloads = [...indexHtml.matchAll(MODULE_PRELOAD)].map(([, href]) => href);
  const escaped = title.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return indexHtml
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(/<title>[^<]*<\/title>/, `<title>${escaped}</title>`)
    .replace(ROOT_ELEMENT, `<div id="root" data-prerendered data-entry="${entry}" data-preload="${preloads.join(' ')}">${markup}</div>`)
    .replace('</body>', `  <script>${SCRIPT_LOADER}</script>\n  </body>`);
}

export async function prerenderPages({ root, configFile, webDir, mode }) {
  const ssrDir = path.join(path.dirname(webDir), 'prerender');
  await viteBuild({
    configFile,
    mode,
    logLevel: 'warn',
    // Everything bundled into one folder of the build: the renderer needs no node_modules where it runs.
    ssr: { noExternal: true },
    build: { ssr: path.join(root, 'web/prerender.tsx'), outDir: ssrDir, emptyOutDir: true, manifest: false, copyPublicDir: false },
  });
  try {
    const { render, PRERENDERED_PATHS } = await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href);
    const indexHtml = readFileSync(path.join(webDir, 'index.html'), 'utf8');
    rmSync(path.join(webDir, 'prerendered'), { recursive: true, force: true });
    for (const pathname of PRERENDERED_PATHS) {
      const file = prerenderedFile(webDir, pathname);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, pageHtml(indexHtml, await render(pathname)));
    }
    return PRERENDERED_PATHS;
  } finally {
    rmSync(ssrDir, { recursive: true, force: true });
  }
}
