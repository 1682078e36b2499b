/**
 * The import boundaries are lint rules (.oxlintrc.json): web and server depend only on core/, core on nothing of
 * theirs, and a feature never reaches into another feature or the app, by alias or by relative path, however deep.
 * Each rule is proved here by planting an import in a copy of the tree's shape and linting it with the real config.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const oxlint = join(root, 'node_modules/.bin/oxlint');
const config = JSON.parse(readFileSync(join(root, '.oxlintrc.json'), 'utf8')) as { overrides: { files: string[] }[] };
const features = readdirSync(join(root, 'web/features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const sandbox = mkdtempSync(join(tmpdir(), 'lint-boundaries-'));
writeFileSync(join(sandbox, '.oxlintrc.json'), JSON.stringify({ ...config, $schema: undefined }));
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

/** Lints one planted file holding `import x from '<specifier>'`; true when the boundary rule refuses it. */
function refused(file: string, specifier: string): boolean {
  const path = join(sandbox, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `import x from '${specifier}';\nexport { x };\n`);
  try {
    execFileSync(oxlint, ['-c', '.oxlintrc.json', file], { cwd: sandbox, encoding: 'utf8' });
    return false;
  } catch (err) {
    const out = String((err as { stdout?: string }).stdout);
    if (!out.includes('no-restricted-imports')) throw new Error(`oxlint failed for another reason:\n${out}`);
    return true;
  } finally {
    rmSync(path);
  }
}

describe('import boundaries, enforced by lint', () => {
  it('has a rule for every feature folder', () => {
    expect(features.length).toBeGreaterThan(5);
    for (const feature of features) expect(config.overrides.some((o) => o.files.includes(`web/features/${feature}/**`))).toBe(true);
  });

  it.each([
    ['web/features/home/components/card.tsx', '@/features/catalogue', 'a feature by its alias'],
    ['web/features/home/components/card.tsx', '@/features/catalogue/level-words', 'a file deep in another feature'],
    ['web/features/home/components/card.tsx', '../../games/level-words', 'another feature by a relative path'],
    ['web/features/home/card.tsx', '../games', 'another feature one folder up'],
    ['web/features/sessions/boards/board.tsx', '@/app/router', 'the app, from a feature'],
    ['web/features/sessions/boards/board.tsx', '../../../app/router', 'the app by a relative path'],
    ['web/lib/api.ts', '../../server/http/errors', 'the server, from the web'],
    ['web/features/sessions/api/x.ts', '../../../../server/domain-errors', 'the server, from a feature'],
    ['core/contracts/x.ts', '../../server/domain-errors', 'the server, from core'],
    ['core/x.ts', '@/lib/api', 'the web, from core'],
    ['server/modules/x/service.ts', '@/lib/api', 'the web, from the server'],
    ['server/modules/x/service.ts', '../../../web/lib/api', 'the web by a relative path, from the server'],
  ])('refuses %s importing %s (%s)', (file, specifier) => {
    expect(refused(file, specifier)).toBe(true);
  });

  it.each([
    ['web/features/home/components/card.tsx', '../api/get-dashboard'],
    ['web/features/catalogue/level-card.tsx', '@/features/catalogue/level-words'],
    ['web/features/sessions/boards/board.tsx', '@/components/ui/button'],
    ['web/app/router.tsx', '@/features/catalogue/games-page'],
    ['web/lib/api.ts', '@core/contracts/endpoint'],
    ['server/http/errors.ts', '@core/messages'],
    ['server/modules/x/service.ts', '../../db/client'],
  ])('allows %s importing %s', (file, specifier) => {
    expect(refused(file, specifier)).toBe(false);
  });
});
