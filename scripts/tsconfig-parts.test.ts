/**
 * Each part is type-checked with its own types (docs/decisions/051-a-tsconfig-per-part.md): core with neither the DOM
 * nor Node, the web without Node, the server without the DOM. Proved by planting one file in a scratch project that
 * extends the part's real tsconfig, and running the compiler on it (it has no stable API to call).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = join(root, 'node_modules/.bin/tsc');
// Inside the project, so that the parts' `types` resolve from its node_modules.
mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
const sandbox = mkdtempSync(join(root, 'node_modules/.cache/tsconfig-parts-'));
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

let planted = 0;
/** The compiler's errors for `code` checked as a file of `part`, under the part's own tsconfig. */
function errorsIn(part: 'core' | 'web' | 'server', code: string): string {
  const dir = join(sandbox, `${part}-${planted++}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'planted.ts'), code);
  const extra = part === 'core' ? [join(root, 'core/platform.d.ts')] : [];
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      extends: join(root, part, 'tsconfig.json'),
      compilerOptions: { rootDir: dir, outDir: join(dir, 'out'), tsBuildInfoFile: join(dir, 'out/tsbuildinfo') },
      include: ['planted.ts', ...extra],
      exclude: [],
    }),
  );
  const run = spawnSync(tsc, ['-p', join(dir, 'tsconfig.json')], { cwd: dir, encoding: 'utf8' });
  return `${run.stdout}${run.stderr}`;
}

describe('a tsconfig per part', () => {
  it.each([
    ['core', 'export const title = document.title;\n', /Cannot find name 'document'/],
    ['core', 'export const key = process.env.KEY;\n', /Cannot find name 'process'/],
    ['core', "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n", /Cannot find module 'node:fs'|error TS2591/],
    ['web', 'export const key = process.env.KEY;\n', /Cannot find name 'process'/],
    ['web', "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n", /Cannot find module 'node:fs'|error TS2591/],
    ['web', 'export const bytes = Buffer.from("a");\n', /Cannot find name 'Buffer'/],
    ['server', 'export const title = document.title;\n', /Cannot find name 'document'/],
    ['server', 'export const width = window.innerWidth;\n', /Cannot find name 'window'/],
  ] as const)('refuses in %s: %s', (part, code, error) => {
    expect(errorsIn(part, code)).toMatch(error);
  });

  it.each([
    ['core', 'export const query = new URLSearchParams({ a: "b" }).toString();\n'],
    ['web', 'export const title = () => document.title;\n'],
    ['server', "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\nexport const key = process.env.KEY;\n"],
  ] as const)('allows in %s: %s', (part, code) => {
    expect(errorsIn(part, code)).toBe('');
  });
});
