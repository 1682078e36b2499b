import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The Content-Security-Policy hashes of the inline scripts in the built page (the theme before the first paint,
 * inlined by vite.config.ts): the policy allows those and no other inline script. Read once, from the build the
 * server serves; without a build (tests of the API alone), none.
 */
export function inlineScriptHashes(webDir: string): string[] {
  const file = path.join(webDir, 'index.html');
  if (!existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, source]) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`);
}
