/**
 * Writes .oxlintrc.json: the lint settings and the import boundaries, built from the folders on disk so that no
 * feature's or module's name is copied by hand (docs/decisions/029-boundaries-by-lint-and-ci-runs-every-check.md).
 * `npm run lint:config` after adding a web feature or a server module; scripts/lint-boundaries.test.ts fails while
 * the file on disk differs from what this would write.
 *
 * Usage: node scripts/lint-config.mjs [root]   (root defaults to the repository; the test passes a planted tree)
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Server modules in the order they may import each other: a module imports only modules before it, so there is no
 * cycle, and a new module must take its place here before the config can be written.
 */
export const SERVER_MODULE_ORDER = [
  'content',
  'account',
  'catalogue',
  'partner-links',
  'sessions',
  'session-invites',
  'daily',
  'dashboard',
  'memories',
  'notifications',
  'payments',
  'test-helpers',
];

/** Packages that run only on the server: the web and core never import them. */
const SERVER_PACKAGES = [
  'drizzle-orm',
  'drizzle-kit',
  'pg',
  '@electric-sql/pglite',
  'fastify',
  '@fastify/*',
  'fastify-plugin',
  'fastify-type-provider-zod',
  'better-auth',
  'better-auth/*',
  'ioredis',
  'pg-boss',
  'nodemailer',
  'stripe',
  'socket.io',
  '@socket.io/*',
  'pino',
  'pino-pretty',
  'prom-client',
  '@node-rs/*',
];
/** Node's own modules, by either name. */
const NODE_BUILTINS = ['node:*', ...builtinModules.filter((m) => !m.startsWith('_')).flatMap((m) => [m, `${m}/*`])];

const message = {
  core: 'core/ is pure: it imports neither the web, the server, Node I/O nor a server package.',
  server: 'The server depends only on core/: it never imports the web.',
  web: 'The web depends only on core/: it never imports the server, the tools, Node I/O or a server package.',
  shared: 'Shared web code (web/lib, web/components) serves every feature: it never imports a feature or the app.',
  feature: 'Features do not import each other or the app; compose them in web/app.',
  module: `Server modules import only modules before them in scripts/lint-config.mjs SERVER_MODULE_ORDER (no cycles).`,
};

const folders = (root, dir) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
/** A relative import that climbs to one of `names` from any depth (`../x`, `../../x/y`). */
const climbingTo = (names, text) => ({ regex: `^(\\.\\./)+(${names.join('|')})(/|$)`, message: text });
const rule = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const webPatterns = [climbingTo(['server', 'bench', 'e2e', 'scripts', 'ops'], message.web), { group: [...NODE_BUILTINS, ...SERVER_PACKAGES], message: message.web }];

/** The whole configuration for the tree at `root`. */
export function buildConfig(root) {
  const features = folders(root, 'web/features');
  const modules = folders(root, 'server/modules');
  const unordered = modules.filter((m) => !SERVER_MODULE_ORDER.includes(m));
  if (unordered.length) throw new Error(`server/modules/${unordered.join(', ')}: give each a place in SERVER_MODULE_ORDER (scripts/lint-config.mjs)`);
  const order = SERVER_MODULE_ORDER.filter((m) => modules.includes(m));

  const overrides = [
    {
      files: ['core/**'],
      rules: rule({ group: ['@/**'], message: message.core }, climbingTo(['server', 'web', 'bench', 'e2e', 'test', 'scripts', 'ops'], message.core), {
        group: [...NODE_BUILTINS, ...SERVER_PACKAGES],
        message: message.core,
      }),
    },
    { files: ['server/**'], rules: rule({ group: ['@/**'], message: message.server }, climbingTo(['web', 'bench', 'e2e'], message.server)) },
    ...order.map((name, i) => ({
      files: [`server/modules/${name}/**`],
      rules: rule(
        { group: ['@/**'], message: message.server },
        climbingTo(['web', 'bench', 'e2e'], message.server),
        ...(i + 1 < order.length ? [climbingTo(order.slice(i + 1), message.module)] : []),
      ),
    })),
    { files: ['web/**'], rules: rule(...webPatterns) },
    {
      files: ['web/lib/**', 'web/components/**'],
      rules: rule({ group: ['@/features', '@/features/**', '@/app', '@/app/**'], message: message.shared }, climbingTo(['features', 'app'], message.shared), ...webPatterns),
    },
    ...features.map((feature) => ({
      files: [`web/features/${feature}/**`],
      rules: rule(
        { group: ['@/features/**', `!@/features/${feature}`, `!@/features/${feature}/**`, '@/app', '@/app/**'], message: message.feature },
        climbingTo(['app', ...features.filter((f) => f !== feature)], message.feature),
        ...webPatterns,
      ),
    })),
    // Decision 032: a rule's time is the injected clock's. Tests may read the wall clock.
    { files: ['server/modules/**', 'core/**'], rules: { 'twogether/no-wall-clock': 'error' } },
    { files: ['**/*.test.ts', '**/*.test.tsx'], rules: { 'twogether/no-wall-clock': 'off' } },
    { files: ['server/main.ts', 'server/serve.ts', 'scripts/**', 'bench/**', 'e2e/**', 'test/**', '*.config.ts'], rules: { 'no-console': 'off' } },
  ];

  return {
    $schema: './node_modules/oxlint/configuration_schema.json',
    plugins: ['typescript', 'react', 'import'],
    jsPlugins: ['./scripts/lint-plugins/clock.mjs'],
    categories: { correctness: 'error' },
    rules: { 'no-console': ['error', { allow: ['warn', 'error'] }], 'react/rules-of-hooks': 'error' },
    ignorePatterns: ['dist/**', 'node_modules/**', '.data/**', 'test-results/**'],
    overrides,
  };
}

/** The file's text, formatted by the project's prettier settings, so `npm run format:check` accepts it as written. */
export async function configText(root) {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(join(root, '.oxlintrc.json'))) ?? {};
  return prettier.format(JSON.stringify(buildConfig(root)), { ...options, parser: 'json' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? join(fileURLToPath(import.meta.url), '../..'));
  writeFileSync(join(root, '.oxlintrc.json'), await configText(root));
}
