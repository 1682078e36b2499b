// Builds what `npm start` runs: the React app (Vite) into dist/web and the server, bundled by esbuild, into
// dist/server/main.mjs. One bundle loads in about half the time of hundreds of modules through tsx.
import { copyFileSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';
import { developmentBuildFiles, PRODUCTION, withNodeEnv, writeStamp } from './build-stamp.mjs';
import { checkLandingBudget, checkPublicPagesZodFree } from './bundle-budget.mjs';
import { writeOfflinePage } from './offline-page.mjs';
import { prerenderPages } from './prerender.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const stampFile = path.join(root, 'dist/.build-stamp');

/** Brotli and gzip siblings of every text asset, served as they are by @fastify/static (no work per request). */
function precompress(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) precompress(file);
    else if (/\.(js|css|html|svg|json|txt|map)$/.test(name) && statSync(file).size > 1024) {
      const data = readFileSync(file);
      writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    }
  }
}

/**
 * Two packages the server's dependencies load at start for a feature the app leaves off, loaded when first called
 * instead (docs/performance.md, a restart's time): glob, which @fastify/static calls only to list the folder when
 * `wildcard` is false (server/http/static.ts sets it true), and accepts (with mime-db's 2,000 types), which
 * Socket.IO calls only to serve its client script (server/realtime/server.ts sets `serveClient: false`) and
 * Engine.IO only when a long-polling response is compressed. glob becomes a chunk of its own; accepts stays in the
 * bundle, run on its first call.
 */
const loadUnusedLater = {
  name: 'twogether:load-unused-later',
  setup(build) {
    const from = (pkg, importer) => importer.includes(`${path.sep}node_modules${path.sep}${pkg}${path.sep}`);
    // Which package asks decides: another importer of glob or accepts gets the package itself.
    const askers = { glob: [path.join('@fastify', 'static')], accepts: ['socket.io', 'engine.io'] };
    build.onResolve({ filter: /^(glob|accepts)$/ }, (args) => {
      const asker = askers[args.path].find((pkg) => from(pkg, args.importer));
      // One wrapper per asking package, resolved from its folder: each gets the version it depends on.
      return asker ? { path: `${args.path} for ${asker}`, namespace: 'later', pluginData: { pkg: args.path, dir: path.dirname(args.importer) } } : undefined;
    });
    build.onLoad({ filter: /.*/, namespace: 'later' }, ({ pluginData: { pkg, dir } }) => ({
      resolveDir: dir,
      loader: 'js',
      contents:
        pkg === 'glob'
          ? "export const glob = (...args) => import('glob').then((m) => m.glob(...args));"
          : "let accepts; module.exports = (req) => (accepts ??= require('accepts'))(req);",
    }));
  },
};

/** esbuild escapes strings but not regular expressions: one non-ASCII character doubles the bundle's memory. */
function warnUnlessAscii(file) {
  const text = readFileSync(file, 'latin1');
  const at = text.search(/[\u0080-\u00ff]/); // each byte a character
  if (at >= 0) console.warn(`${file} is not ASCII (write \\u escapes in regular expressions): ...${text.slice(Math.max(0, at - 60), at + 20)}...`);
}

/**
 * Always the production build: what `npm start` serves and what the end-to-end suite tests. `outDir` puts it
 * elsewhere than dist/ (the multi-host test builds into a folder of its own, leaving the shared dist/ alone).
 */
export async function buildAll({ quiet = false, outDir = path.join(root, 'dist') } = {}) {
  const webDir = path.join(outDir, 'web');
  // vite-plugin-pwa's handle, to generate the service worker again once every page it precaches is written.
  let pwa;
  const pwaHandle = { name: 'twogether:pwa-handle', configResolved: (config) => (pwa = config.plugins.find((p) => p.name === 'vite-plugin-pwa')?.api) };
  await withNodeEnv(PRODUCTION, () =>
    viteBuild({ configFile: path.join(root, 'vite.config.ts'), mode: PRODUCTION, logLevel: quiet ? 'warn' : 'info', build: { outDir: webDir }, plugins: [pwaHandle] }),
  );
  const development = developmentBuildFiles(webDir);
  if (development.length) throw new Error(`the build carries React's development build: ${development.join(', ')}`);
  // The landing page's JavaScript has a budget: a build that passes it fails here (docs/decisions/043-prerendered-public-pages.md).
  const landing = checkLandingBudget(webDir);
  if (!quiet) console.log(`/flow/1 loads ${landing.kb.toFixed(1)} KB of JavaScript (gzip -9) in ${landing.files} files`);
  // And no public page builds zod schemas before it runs (docs/decisions/050-public-pages-run-less.md).
  checkPublicPagesZodFree(webDir);
  await withNodeEnv(PRODUCTION, () => prerenderPages({ root, configFile: path.join(root, 'vite.config.ts'), webDir, mode: PRODUCTION }));
  // The service worker precaches the prerendered pages and the offline page, written after Vite's build
  // (docs/decisions/045-installable-and-offline.md).
  writeOfflinePage(root, webDir);
  if (!pwa) throw new Error('vite-plugin-pwa is not in vite.config.ts: the service worker cannot be generated');
  await pwa.generateSW();
  precompress(webDir);
  // Chunks are named by their hash: an older build's would stay beside the new ones.
  rmSync(path.join(outDir, 'server'), { recursive: true, force: true });
  await esbuild({
    entryPoints: { main: path.join(root, 'server/main.ts') },
    outdir: path.join(outDir, 'server'),
    outExtension: { '.js': '.mjs' },
    // The app's modules in chunks of their own, loaded by main() after it has started PGlite's thread: the database
    // opens while the rest of the bundle is parsed and run, not after it (docs/performance.md, a restart's time).
    splitting: true,
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    // V8 keeps the bundle's source for the life of the process, as two bytes a character if one is not ASCII:
    // escaped strings, no comments (licences go to main.mjs.LEGAL.txt) keep it one byte a character, 5 MB, not 17
    // (docs/decisions/042-local-mode-memory.md). Names are kept: stack traces read as before, a line further.
    charset: 'ascii',
    minifyWhitespace: true,
    legalComments: 'linked',
    logLevel: 'warning',
    tsconfig: path.join(root, 'tsconfig.json'),
    // Native addons, WASM with files beside it, a plugin that serves its own folder, and build-only tools stay packages.
    external: ['@electric-sql/pglite', '@node-rs/argon2', 'pg-native', '@fastify/swagger-ui', 'vite', 'esbuild'],
    plugins: [loadUnusedLater],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; import { fileURLToPath as __fileURLToPath } from 'node:url'; const require = __createRequire(import.meta.url); const __filename = __fileURLToPath(import.meta.url); const __dirname = __fileURLToPath(new URL('.', import.meta.url));",
    },
  });
  const serverDir = path.join(outDir, 'server');
  for (const file of readdirSync(serverDir).filter((f) => f.endsWith('.mjs'))) warnUnlessAscii(path.join(serverDir, file));
  // PGlite's worker thread (server/db/pglite-worker.mjs, plain JavaScript) is found beside the bundle, as beside client.ts.
  copyFileSync(path.join(root, 'server/db/pglite-worker.mjs'), path.join(outDir, 'server/pglite-worker.mjs'));
  writeStamp(path.join(outDir, '.build-stamp'), PRODUCTION);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildAll();
