import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { namespaceBlocker } from './ops/multihost/namespaces.mjs';
import ProjectOrderSequencer from './test/sequencer';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = { '@': here('./web'), '@core': here('./core') };
const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// CI always runs the end-to-end suite: a machine without Chromium fails there instead of passing with less.
const withBrowser = existsSync(chromiumPath) || !!process.env.CI;

// The multi-host test (ops/multihost) builds hosts from network namespaces as root: in CI (where it skips itself, saying
// why, on a machine that refuses namespaces) or with MULTIHOST=1 on a machine that allows them.
const multihostBlocker = process.env.CI ? null : process.env.MULTIHOST === '1' ? namespaceBlocker() : 'set MULTIHOST=1; it needs root and iproute2, and runs in CI';
const withMultihost = !multihostBlocker;

// Suites that need a service or a browser run only where it is there; say which are left out and how to add them.
const leftOut = [
  !postgresUrl && 'integration-postgres (set TEST_DATABASE_URL)',
  !redisUrl && 'integration-redis (set TEST_REDIS_URL)',
  !withBrowser && `e2e, the end-to-end suite (no Chromium at ${chromiumPath}: apt-get install -y chromium fonts-noto-color-emoji, or set CHROMIUM_PATH)`,
  multihostBlocker && `multihost, two app hosts behind HAProxy with the network failing (${multihostBlocker})`,
].filter(Boolean);
if (leftOut.length) console.log(`Suites left out: ${leftOut.join('; ')}`);

// Better Auth skips its Origin check when NODE_ENV=test; the server suites run with it on.
const serverEnv = { NODE_ENV: 'development' };

const e2e: TestProjectInlineConfiguration = {
  resolve: { alias },
  test: {
    name: 'e2e',
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    env: serverEnv,
    // Beside the other suites, two files at a time like them: a file alone (fileParallelism: false) would put the
    // whole suite in a group of its own after every other, and left one core idle for most of its nine minutes.
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
};

/**
 * Server suites whose database is only where the app keeps its state, not what they test: the HTTP layer (headers,
 * errors, hostile input, OpenAPI), sockets, metrics, the push transport, mail, the configuration. They run on PGlite;
 * everything that reads or writes through SQL (modules, the engine, jobs, auth, backups) runs on PostgreSQL as well.
 */
const NOT_DATABASE_SUITES = [
  'server/http/!(health).test.ts',
  'server/realtime/**',
  'server/metrics/**',
  'server/push/**',
  'server/mail/**',
  'server/config.test.ts',
  'server/db/lock.test.ts',
  'server/db/late-open.test.ts',
];

const integration = (name: string, env: Record<string, string>, globalSetup: string[], extra: string[] = []): TestProjectInlineConfiguration => ({
  resolve: { alias },
  test: {
    name,
    include: ['server/**/*.test.ts', ...extra],
    exclude: ['**/*.redis.test.ts', ...(extra.length ? NOT_DATABASE_SUITES : ['**/*.postgres.test.ts']), '**/node_modules/**'],
    globalSetup,
    setupFiles: ['test/fail-on-console-error.ts'],
    env: { ...serverEnv, ...env },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One module graph per worker, not one per file: importing the app again for each of 80 files was 40 % of these
    // suites' time. Each file builds its own app and database, and no server test mocks a module (a dependency is
    // handed in instead, as the job queue's `sqlFor`): a mock would meet a module another file already loaded.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // Two files at a time (Vitest's default on 2 cores is one): most of a file's time is spent waiting on an app
    // process, PGlite or a browser, and CI asks for the whole run within 20 minutes.
    maxWorkers: 2,
    // The slowest projects first, the many short server files last (test/sequencer.ts).
    sequence: { sequencer: ProjectOrderSequencer },
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results/results.json' }]] : ['default'],
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['core/**/*.test.ts', 'scripts/**/*.test.ts', 'test/**/*.test.ts'], setupFiles: ['test/fail-on-console-error.ts'] },
      },
      {
        resolve: { alias },
        test: {
          name: 'component',
          include: ['web/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['test/fail-on-console-error.ts', 'test/component-setup.ts'],
        },
      },
      integration('integration-pglite', { TEST_DB: 'pglite' }, ['test/global-setup.ts']),
      ...(postgresUrl ? [integration('integration-postgres', { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl }, [], ['server/**/*.postgres.test.ts'])] : []),
      ...(redisUrl
        ? [
            {
              resolve: { alias },
              test: {
                name: 'integration-redis',
                include: ['server/**/*.redis.test.ts'],
                globalSetup: ['test/global-setup.ts'],
                setupFiles: ['test/fail-on-console-error.ts'],
                env: { ...serverEnv, TEST_DB: 'pglite', TEST_REDIS_URL: redisUrl, ...(postgresUrl ? { TEST_DATABASE_URL: postgresUrl } : {}) },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      ...(withBrowser ? [e2e] : []),
      // After every other suite (groupOrder 1), alone: its recovery times are not those of cores busy with Chromium.
      ...(withMultihost
        ? [
            {
              test: { name: 'multihost', include: ['ops/multihost/**/*.test.ts'], sequence: { groupOrder: 1 }, fileParallelism: false, testTimeout: 150_000, hookTimeout: 480_000 },
            },
          ]
        : []),
    ],
  },
});
