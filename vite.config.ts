import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { transformSync } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** A colour token of web/styles.css (its light theme, the first definition), for the web app manifest. */
function token(name: string): string {
  const value = new RegExp(`--color-${name}:\\s*(#[0-9a-f]{3,8})`, 'i').exec(readFileSync(here('./web/styles.css'), 'utf8'))?.[1];
  if (!value) throw new Error(`web/styles.css has no --color-${name}`);
  return value;
}

/**
 * The theme script inline in the built page's head, not a request that blocks the first paint: the server's
 * Content-Security-Policy lists its hash (server/http/inline-scripts.ts). The dev server keeps the file.
 */
const inlineThemeScript: Plugin = {
  name: 'twogether:inline-theme-script',
  apply: 'build',
  transformIndexHtml(html) {
    const tag = '<script src="/theme.js"></script>';
    if (!html.includes(tag)) throw new Error(`web/index.html no longer has ${tag} to inline`);
    // Minified: its bytes count in /flow/1's budget.
    const source = transformSync(readFileSync(here('./web/public/theme.js'), 'utf8'), { minify: true, target: 'es2019' }).code.trim();
    return html.replace(tag, `<script>${source}</script>`);
  },
};

/**
 * Installable, and calm offline (docs/decisions/045-installable-and-offline.md): the manifest, and a Workbox
 * service worker that precaches the shell, the offline page and the prerendered public pages. A navigation goes to
 * the network, so a page always matches the API that serves it; only when that fails does the worker answer, with
 * the public page of that address or the offline page. Nothing else is routed: the API, Socket.IO, /dev, the
 * payment pages and every request not precached reach the network untouched. The page registers the worker after
 * its load event (web/app/pwa/register-service-worker.ts), and a new one waits for the person's Refresh.
 * scripts/build.mjs generates the worker again once the public pages are prerendered and the offline page written.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: 'Twogether',
    short_name: 'Twogether',
    description: 'Questions and real-time games for couples.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: token('canvas'),
    background_color: token('canvas'),
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/apple-touch-icon.png', sizes: '180x180', type: 'image/png' },
    ],
  },
  workbox: {
    // Every icon is a .png or .svg of the build: the manifest's need not be listed again.
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    // No navigation is answered from the cache while the network answers (see the route below).
    navigateFallback: null,
    // Nor is '/' taken for the precached index.html (Workbox's directory index).
    directoryIndex: null,
    cleanupOutdatedCaches: true,
    // The API and Socket.IO bypass the worker altogether (web/public/sw-routes.js).
    importScripts: ['/sw-routes.js', '/push-handlers.js'],
    clientsClaim: true,
    // The network's answer to a navigation starts while the worker wakes up.
    navigationPreload: true,
    runtimeCaching: [
      {
        // The function is copied into the worker as text: it can use nothing from this file.
        urlPattern: ({ request, url }) => request.mode === 'navigate' && !/^\/(api|socket\.io|dev|v1|local-pay|checkout|success|unsubscribe|metrics)(\/|$)/.test(url.pathname),
        handler: 'NetworkOnly',
        options: {
          plugins: [
            {
              // Offline: the prerendered public page of this address if there is one, else the offline page.
              handlerDidError: async ({ request }) => {
                const pathname = new URL(request.url).pathname.replace(/\/+$/, '');
                const page = pathname ? await caches.match(`/prerendered${pathname}.html`, { ignoreSearch: true }) : undefined;
                return page ?? (await caches.match('/offline.html', { ignoreSearch: true })) ?? Response.error();
              },
            },
          ],
        },
      },
    ],
  },
});

/**
 * The shell's modules in one chunk: what the root layout imports statically (the header, the footer, the query
 * client, `me`, the API client…) and neither the entry nor any step of the preview reaches. Split by the bundler's
 * default they were a dozen chunks of 1–16 KB on every page but the preview, each a `<link rel="modulepreload">` the
 * loader adds on the main thread and a module fetched, compiled and instantiated on its own
 * (docs/decisions/058-one-chunk-for-the-shell.md). The graph is read once the modules are loaded (`buildEnd`),
 * before the chunks are made.
 */
const shellModules = new Set<string>();
const shellChunk: Plugin = {
  name: 'twogether:shell-chunk',
  // The browser's build only: the prerender's server build keeps the bundler's own chunks.
  apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
  buildEnd() {
    /** Every module the roots reach through static imports, the roots included. */
    const staticGraph = (...roots: string[]) => {
      const seen = new Set<string>();
      const queue = [...roots];
      for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
        if (seen.has(id)) continue;
        seen.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      return seen;
    };
    const layout = here('./web/app/layout/root-layout.tsx');
    if (!this.getModuleInfo(layout)) throw new Error(`twogether:shell-chunk: ${layout} is not in the build`);
    // The preview's steps (/flow/1 to /flow/7) carry no shell: none of what they import goes in it.
    const preview = here('./web/features/preview/');
    const roots = [here('./web/main.tsx'), ...[...this.getModuleIds()].filter((id) => id.startsWith(preview))];
    const elsewhere = staticGraph(...roots);
    shellModules.clear();
    for (const id of staticGraph(layout)) if (!elsewhere.has(id)) shellModules.add(id);
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  root: here('./web'),
  publicDir: here('./web/public'),
  plugins: [react(), tailwindcss(), inlineThemeScript, shellChunk, pwa],
  resolve: { alias: { '@': here('./web'), '@core': here('./core') } },
  // The manifest lets the server preload a page's own chunks with its HTML (server/http/preload.ts).
  build: {
    outDir: here('./dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // Every browser the app supports preloads modules itself (docs/decisions/043-prerendered-public-pages.md).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Its modules only, not what they import: that stays where the entry or the other pages have it.
            ...(isSsrBuild ? [] : [{ name: 'shell', test: (id: string) => shellModules.has(id), includeDependenciesRecursively: false }]),
            {
              name: 'ui',
              test: /web[\\/](components[\\/]ui[\\/](logo|spinner|field)\.tsx|lib[\\/](cn|visitor-page)\.ts)$|lucide-react[\\/]dist[\\/]esm[\\/](Icon|createLucideIcon|context|defaultAttributes|shared[\\/].*|icons[\\/](arrow-left|arrow-right|sparkles))\.mjs$/,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000', '/socket.io': { target: 'http://localhost:3000', ws: true } } },
}));
