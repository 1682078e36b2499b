// The app's icons for the home screen, drawn from web/public/favicon.svg by Chromium (docs/decisions/045-installable-and-offline.md):
// `node scripts/icons.mjs` writes them into web/public, where they are committed. The "any" icons are the favicon
// as it is (rounded, transparent corners); the maskable icon and Apple's touch icon fill the whole square with the
// brand colour, as the platform cuts its own shape (and iOS draws transparency black). The heart already sits
// inside the maskable safe zone (a circle of 40% of the size around the centre).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/public');
const favicon = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const fullBleed = favicon.replace(/ rx="[^"]*"/, '');

export const ICONS = [
  { file: 'icons/icon-192.png', size: 192, svg: favicon },
  { file: 'icons/icon-512.png', size: 512, svg: favicon },
  { file: 'icons/icon-maskable-512.png', size: 512, svg: fullBleed },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed },
];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    for (const { file, size, svg } of ICONS) {
      const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
      const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
      await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`);
      writeFileSync(path.join(publicDir, file), await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }));
      await page.close();
      console.log(`${file} ${size}×${size}`);
    }
  } finally {
    await browser.close();
  }
}
