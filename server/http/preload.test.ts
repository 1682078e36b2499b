import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../paths';
import { createPagePreloader, LANDING_PAGES } from './preload';
import { hasSessionCookie, registerSpa } from './static';
// @ts-expect-error: a plain ESM script without types
import { pageHtml } from '../../scripts/prerender.mjs';

const webDir = mkdtempSync(path.join(os.tmpdir(), 'twogether-preload-'));
afterAll(() => rmSync(webDir, { recursive: true, force: true }));
mkdirSync(path.join(webDir, '.vite'));
writeFileSync(
  path.join(webDir, 'index.html'),
  '<html><head>\n    <script type="module" crossorigin src="/assets/index-1.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/react-1.js">\n  </head><body></body></html>',
);
writeFileSync(
  path.join(webDir, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js'] },
    '_react-1.js': { file: 'assets/react-1.js' },
    '_zod-1.js': { file: 'assets/zod-1.js', imports: ['_react-1.js'] },
    'app/layout/root-layout.tsx': { file: 'assets/root-layout-1.js', imports: ['index.html', '_react-1.js'] },
    'features/auth/components/login-page.tsx': { file: 'assets/login-page-1.js', imports: ['index.html', '_zod-1.js'] },
  }),
);

mkdirSync(path.join(webDir, 'prerendered'));
writeFileSync(
  path.join(webDir, 'prerendered', 'login.html'),
  pageHtml(
    '<html><head>\n    <title>Twogether</title>\n    <script type="module" crossorigin src="/assets/index-1.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/react-1.js">\n  </head><body><div id="root"></div></body></html>',
    { markup: '<h1>Welcome back</h1>', title: 'Log in · Twogether' },
  ),
);

describe('page preloading', () => {
  it('names only modules that exist, so a renamed page cannot silently lose its preload', () => {
    for (const [, sources] of LANDING_PAGES) for (const source of sources) expect(existsSync(path.join(projectRoot, 'web', source)), source).toBe(true);
  });

  it("lists a landing page's chunks and their imports once, and leaves other pages alone", () => {
    const preloader = createPagePreloader(webDir)!;
    const login = preloader.htmlFor('/login');
    for (const file of ['root-layout-1.js', 'login-page-1.js', 'zod-1.js']) expect(login).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}">`);
    expect(login.match(/react-1\.js/g)).toHaveLength(1);
    expect(preloader.htmlFor('/terms')).not.toContain('login-page');
    expect(preloader.htmlFor('/login/extra')).not.toContain('login-page');
  });

  it('serves it for page routes, with the query string ignored', async () => {
    const app = Fastify();
    await registerSpa(app, webDir);
    const res = await app.inject({ url: '/login?next=%2Fgames' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('login-page-1.js');
    expect((await app.inject({ url: '/api/nothing' })).statusCode).toBe(404);
    // The metrics' address is not a page: without METRICS_TOKEN, a 404 (decision 039).
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
    await app.close();
  });

  it("sends a visitor the prerendered page, its chunks preloaded and compressed, and a signed-in person the browser's page", async () => {
    const app = Fastify();
    await registerSpa(app, webDir);
    const visitor = await app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(visitor.headers['content-encoding']).toBe('br');
    expect(visitor.headers.vary).toContain('Cookie');
    const html = brotliDecompressSync(visitor.rawPayload).toString();
    expect(html).toContain('<h1>Welcome back</h1>');
    // Its scripts are fetched after its first paint (decision 047): named on the root element, not preloaded in the head.
    expect(html).toContain('data-entry="/assets/index-1.js" data-preload="/assets/react-1.js /assets/root-layout-1.js /assets/login-page-1.js /assets/zod-1.js"');
    expect(html).not.toMatch(/<link rel="modulepreload"|<script type="module"/);
    expect(html).toMatch(/<script>\(function\(\)\{[^<]+<\/script>\n {2}<\/body>/);
    expect((await app.inject({ url: '/login' })).body).toContain('data-prerendered');
    for (const cookie of ['twogether.session_token=abc.def', 'theme=dark; __Secure-twogether.session_token=abc']) {
      const signedIn = await app.inject({ url: '/login', headers: { cookie } });
      expect(signedIn.body).not.toContain('data-prerendered');
      expect(signedIn.body).toContain('login-page-1.js');
    }
    // Only the pages the build prerendered.
    expect((await app.inject({ url: '/signup' })).body).not.toContain('data-prerendered');
    await app.close();
  });

  it('reads the session cookie by its exact name', () => {
    expect(hasSessionCookie(undefined)).toBe(false);
    expect(hasSessionCookie('twogether.session_token_other=1; my.twogether.session_token=2')).toBe(false);
    expect(hasSessionCookie('a=1;  twogether.session_token=x')).toBe(true);
  });

  it('is off without a manifest', () => {
    expect(createPagePreloader(path.join(webDir, 'missing'))).toBeNull();
  });
});
