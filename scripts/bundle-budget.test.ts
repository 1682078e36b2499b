import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LANDING_PAGES } from '../server/http/preload';
// @ts-expect-error: a plain ESM script without types
import { checkLandingBudget, LANDING_MODULES, landingScripts } from './bundle-budget.mjs';
import { readFileSync } from 'node:fs';

const root = path.resolve(import.meta.dirname, '..');
const outDir = mkdtempSync(path.join(os.tmpdir(), 'twogether-budget-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe("the landing page's JavaScript budget", () => {
  it('counts what the server preloads for /flow/1', () => {
    expect(LANDING_PAGES.find(([pattern]) => pattern.test('/flow/1'))?.[1]).toEqual(LANDING_MODULES);
  });

  it('fails a build whose landing page imports a large library', { timeout: 180_000 }, async () => {
    const { build } = await import('vite');
    // The planted import: zod (about 25 KB gzipped) pulled into the preview's page, as a careless import would.
    const plant = {
      name: 'plant-a-large-import',
      transform(code: string, id: string) {
        if (id.endsWith('features/onboarding/flow-page.tsx')) return `import * as planted from 'zod';\nconsole.info(planted);\n${code}`;
      },
    };
    await build({ configFile: path.join(root, 'vite.config.ts'), mode: 'production', logLevel: 'silent', plugins: [plant], build: { outDir, emptyOutDir: true } });
    expect(() => checkLandingBudget(outDir)).toThrow(/over its budget of 110 KB; largest: .*flow-page/);
    // The theme's script is inline in the page (no request before the first paint), and counted.
    expect(readFileSync(path.join(outDir, 'index.html'), 'utf8')).not.toContain('src="/theme.js"');
    expect(landingScripts(outDir).map((s: { file: string }) => s.file)).toContain('index.html inline script 1');
  });
});
