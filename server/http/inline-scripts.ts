import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The Content-Security-Policy hashes of the inline scripts in the built pages (the theme before the first paint,
 * inlined by vite.config.ts; a prerendered page's script loader, scripts/prerender.mjs): the policy allows those
 * and no other inline script. Read once, from the build the server serves; without a build (tests of the API
 * alone), none.
 */
export function inlineScriptHashes(webDir: string): string[] {
  const pages = [path.join(webDir, 'index.html'), ...htmlFiles(path.join(webDir, 'prerendered'))].filter((file) => existsSync(file));
  const sources = new Set(pages.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, source]) => source)));
  return [...sources].map((source) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`);
}

function htmlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.html'))
    .map((name) => path.join(dir, name));
}
