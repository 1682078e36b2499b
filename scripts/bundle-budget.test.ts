import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LANDING_PAGES } from '../server/http/preload';
import { PRERENDERED_PATHS } from '../web/prerender';
// @ts-expect-error: a plain ESM script without types
import { checkLandingBudget, checkPublicPagesZodFree, LANDING_MODULES, landingScripts, PUBLIC_MODULES } from './bundle-budget.mjs';
import { readFileSync } from 'node:fs';

const root = path.resolve(import.meta.dirname, '..');
const outDir = mkdtempSync(path.join(os.tmpdir(), 'twogether-budget-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe("the landing page's JavaScript budget", () => {
  it('counts what the server preloads for /flow/1', () => {
    expect(LANDING_PAGES.find(([pattern]) => pattern.test('/flow/1'))?.[1]).toEqual(LANDING_MODULES);
  });

  it('checks every prerendered page for zod, with the modules the server preloads for it', () => {
    expect(Object.keys(PUBLIC_MODULES).sort()).toEqual([...PRERENDERED_PATHS].sort());
    for (const [page, modules] of Object.entries(PUBLIC_MODULES)) expect(LANDING_PAGES.find(([pattern]) => pattern.test(page))?.[1]).toEqual(modules);
  });

  it('fails a build whose landing page imports a large library', { timeout: 180_000 }, async () => {
    const { build } = await import('vite');
    // The planted import: zod (about 25 KB gzipped) pulled into the preview's page, as a careless import would.
    const plant = {
      name: 'plant-a-large-import',
      transform(code: string, id: string) {
        if (id.endsWith('features/preview/preview-page.tsx') || id.endsWith('features/auth/components/login-page.tsx')) {
          return `import * as planted from 'zod';\nconsole.info(planted);\n${code}`;
        }
      },
    };
    await build({ configFile: path.join(root, 'vite.config.ts'), mode: 'production', logLevel: 'silent', plugins: [plant], build: { outDir, emptyOutDir: true } });
    expect(() => checkLandingBudget(outDir)).toThrow(/over its budget of 110 KB; largest: .*preview-page/);
    // The public pages carry no zod: the planted import is named on both pages that have it, and only there.
    expect(() => checkPublicPagesZodFree(outDir)).toThrow(/public pages load zod before they run: \/flow\/1 \(.*\), \/login \([^)]*\)$/);
    // The theme's script is inline in the page (no request before the first paint), and counted.
    expect(readFileSync(path.join(outDir, 'index.html'), 'utf8')).not.toContain('src="/theme.js"');
    expect(landingScripts(outDir).map((s: { file: string }) => s.file)).toContain('index.html inline script 1');
  });
});
