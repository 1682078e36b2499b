/**
 * The import boundaries are lint rules (.oxlintrc.json), written by scripts/lint-config.mjs from the folders on disk:
 * web and server depend only on core/, core on nothing of theirs (nor Node I/O, nor a server package), shared web code
 * on no feature, a feature never on another feature, the app, the database or Node, and a server module only on the
 * modules before it. Each rule is proved here by planting an import in a copy of the tree's shape (its folders, one
 * more feature of its own) and linting it with the config the script writes for that copy.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConfig, configText, SERVER_MODULE_ORDER } from './lint-config.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const oxlint = join(root, 'node_modules/.bin/oxlint');
const foldersOf = (dir: string) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const features = foldersOf('web/features');
const modules = foldersOf('server/modules');
/** A feature that exists only in the copy: the rules must cover it without anyone writing its name. */
const NEW_FEATURE = 'zzz-new';

const sandbox = mkdtempSync(join(tmpdir(), 'lint-boundaries-'));
beforeAll(() => {
  for (const feature of [...features, NEW_FEATURE]) mkdirSync(join(sandbox, 'web/features', feature), { recursive: true });
  for (const name of modules) mkdirSync(join(sandbox, 'server/modules', name), { recursive: true });
  cpSync(join(root, 'scripts/lint-plugins'), join(sandbox, 'scripts/lint-plugins'), { recursive: true });
  writeFileSync(join(sandbox, '.oxlintrc.json'), JSON.stringify({ ...buildConfig(sandbox), $schema: undefined }));
});
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

/** Lints one planted file; the rule that refused it, or null. */
function refusedBy(file: string, text: string): string | null {
  const path = join(sandbox, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  try {
    execFileSync(oxlint, ['-c', '.oxlintrc.json', file], { cwd: sandbox, encoding: 'utf8' });
    return null;
  } catch (err) {
    const out = String((err as { stdout?: string }).stdout);
    const rule = /(no-restricted-imports|no-wall-clock)/.exec(out)?.[1];
    if (!rule) throw new Error(`oxlint failed for another reason:\n${out}`);
    return rule;
  } finally {
    rmSync(path);
  }
}
const refused = (file: string, specifier: string) => refusedBy(file, `import x from '${specifier}';\nexport { x };\n`) === 'no-restricted-imports';

describe('the lint config', () => {
  it('is what scripts/lint-config.mjs writes for the folders on disk (run `npm run lint:config` when this fails)', async () => {
    expect(JSON.parse(readFileSync(join(root, '.oxlintrc.json'), 'utf8'))).toEqual(JSON.parse(await configText(root)));
    expect(readFileSync(join(root, '.oxlintrc.json'), 'utf8')).toBe(await configText(root));
  });

  it('has a rule for every feature folder and every server module, and places every module in the order', () => {
    const { overrides } = buildConfig(root);
    expect(features.length).toBeGreaterThan(5);
    for (const feature of features) expect(overrides.some((o) => o.files.includes(`web/features/${feature}/**`))).toBe(true);
    expect([...modules].sort()).toEqual(SERVER_MODULE_ORDER.filter((m) => modules.includes(m)).sort());
    for (const name of modules) expect(overrides.some((o) => o.files.includes(`server/modules/${name}/**`))).toBe(true);
  });

  it('refuses to be written while a server module has no place in the order', () => {
    const tree = mkdtempSync(join(tmpdir(), 'lint-order-'));
    try {
      mkdirSync(join(tree, 'web/features/home'), { recursive: true });
      mkdirSync(join(tree, 'server/modules/brand-new'), { recursive: true });
      expect(() => buildConfig(tree)).toThrow(/server\/modules\/brand-new: give each a place in SERVER_MODULE_ORDER/);
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });
});

describe('import boundaries, enforced by lint', () => {
  it.each([
    ['web/features/home/components/card.tsx', '@/features/catalogue', 'a feature by its alias'],
    ['web/features/home/components/card.tsx', '@/features/catalogue/level-words', 'a file deep in another feature'],
    ['web/features/home/components/card.tsx', '../../catalogue/level-words', 'another feature by a relative path'],
    ['web/features/home/card.tsx', '../catalogue', 'another feature one folder up'],
    ['web/features/home/card.tsx', `../${NEW_FEATURE}/thing`, 'a feature folder no one named by hand'],
    ['web/features/sessions/board/board.tsx', '@/app/router', 'the app, from a feature'],
    ['web/features/sessions/board/board.tsx', '../../../app/router', 'the app by a relative path'],
    ['web/lib/x.ts', '@/features/sessions', 'a feature, from shared web code'],
    ['web/lib/x.ts', '../features/sessions/session-page', 'a feature by a relative path, from shared web code'],
    ['web/components/ui/x.tsx', '@/features/catalogue', 'a feature, from the design system'],
    ['web/components/ui/x.tsx', '../../app/router', 'the app, from the design system'],
    ['web/features/sessions/api/x.ts', 'drizzle-orm', 'the database, from a feature'],
    ['web/features/sessions/api/x.ts', 'pg', 'the database driver, from a feature'],
    ['web/lib/x.ts', 'node:fs', 'Node I/O, from the web'],
    ['web/lib/x.ts', 'fs', 'Node I/O by its bare name, from the web'],
    ['web/lib/api.ts', '../../server/http/errors', 'the server, from the web'],
    ['web/features/sessions/api/x.ts', '../../../../server/domain-errors', 'the server, from a feature'],
    ['core/x.ts', 'node:fs', 'Node I/O, from core'],
    ['core/x.ts', 'path', 'a Node module by its bare name, from core'],
    ['core/x.ts', 'drizzle-orm', 'the database, from core'],
    ['core/contracts/x.ts', '../../server/domain-errors', 'the server, from core'],
    ['core/x.ts', '@/lib/api', 'the web, from core'],
    ['server/modules/x/service.ts', '@/lib/api', 'the web, from the server'],
    ['server/modules/x/service.ts', '../../../web/lib/api', 'the web by a relative path, from the server'],
    ['server/modules/account/x.ts', '../sessions/create', 'a later module, from an earlier one'],
    ['server/modules/sessions/x.ts', '../session-invites/service', 'a later module (sessions before session-invites)'],
    ['server/modules/catalogue/sub/x.ts', '../../sessions/create', 'a later module, from deeper in'],
  ])('refuses %s importing %s (%s)', (file, specifier) => {
    expect(refused(file, specifier)).toBe(true);
  });

  it.each([
    ['web/features/home/components/card.tsx', '../api/get-dashboard'],
    ['web/features/catalogue/level-card.tsx', '@/features/catalogue/level-words'],
    ['web/features/sessions/board/game-board.tsx', '../games'],
    ['web/features/sessions/board/board.tsx', '@/components/ui/button'],
    ['web/app/router.tsx', '@/features/catalogue/games-page'],
    ['web/lib/api.ts', '@core/contracts/endpoint'],
    ['web/components/ui/x.tsx', '@/lib/cn'],
    ['server/http/errors.ts', '@core/messages'],
    ['server/modules/x/service.ts', '../../db/client'],
    ['server/modules/sessions/x.ts', '../account/service'],
    ['server/modules/session-invites/x.ts', '../sessions/access'],
    ['server/db/x.ts', 'node:fs'],
  ])('allows %s importing %s', (file, specifier) => {
    expect(refused(file, specifier)).toBe(false);
  });
});

describe('the wall clock, refused where rules live (decision 032)', () => {
  it.each([
    ['server/modules/x/service.ts', 'export const at = () => Date.now();\n'],
    ['server/modules/x/service.ts', 'export const at = () => new Date();\n'],
    ['core/x.ts', 'export const today = (d = new Date()) => d;\n'],
  ])('refuses %s: %s', (file, text) => {
    expect(refusedBy(file, text)).toBe('no-wall-clock');
  });

  it.each([
    ['server/modules/x/service.ts', 'export const at = (iso: string) => new Date(iso);\n'],
    ['server/modules/x/service.test.ts', 'export const at = () => Date.now();\n'],
    ['server/clock.ts', 'export const now = () => new Date();\n'],
    ['web/lib/x.ts', 'export const at = () => Date.now();\n'],
  ])('allows %s: %s', (file, text) => {
    expect(refusedBy(file, text)).toBeNull();
  });
});
