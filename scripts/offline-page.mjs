// The offline page (docs/decisions/045-installable-and-offline.md): the built index.html with the content of
// web/app/pwa/offline-page.html in its root element, the app's stylesheet and the theme script kept, the app's
// module scripts left out (nothing to run offline but a reload when the connection is back, web/public/offline.js).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const OFFLINE_TITLE = "You're offline · Twogether";

export function offlinePageHtml(indexHtml, content) {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) throw new Error(`index.html has no ${root} to write the offline page into`);
  return indexHtml
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<title>[^<]*<\/title>/, `<title>${OFFLINE_TITLE}</title>`)
    .replace(root, `<div id="root">${content.replace(/<!--[\s\S]*?-->\s*/, '').trim()}</div>\n    <script src="/offline.js"></script>`);
}

/** Writes dist/web/offline.html from the built index.html. */
export function writeOfflinePage(root, webDir) {
  const indexHtml = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const content = readFileSync(path.join(root, 'web/app/pwa/offline-page.html'), 'utf8');
  writeFileSync(path.join(webDir, 'offline.html'), offlinePageHtml(indexHtml, content));
}
