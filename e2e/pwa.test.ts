import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openPage, screenshot } from './support/browser';
import { getJson, signUpAndLink } from './support/flows';
import { startServer } from './support/server';
import { choose, createSession, openSeats, playQuestion } from './support/session';
import { setupRestartableServer } from './support/suite';

/**
 * Installable, and calm offline (docs/decisions/045-installable-and-offline.md), on the production build: the
 * manifest and its icons, the service worker in control, the offline page and an answer that survives a reload
 * offline, and a second deployment on the same address that waits for the person's Refresh.
 */
const suite = setupRestartableServer('pwa');

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

/** The service worker took over the page (it claims the pages open when it first activates). */
const controlled = (page: Page) => page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, { timeout: 30_000 });

describe('the web app manifest', () => {
  it('parses, names its icons, and each exists at its size', async () => {
    const html = await (await fetch(`${suite.server.url}/login`)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
    expect(html).toContain('<meta name="apple-mobile-web-app-status-bar-style"');

    const response = await fetch(`${suite.server.url}/manifest.webmanifest`);
    expect(response.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = await response.json();
    expect(manifest).toMatchObject({ name: 'Twogether', short_name: 'Twogether', start_url: '/', scope: '/', display: 'standalone' });
    const canvas = /--color-canvas:\s*(#[0-9a-f]+)/i.exec(readFileSync('web/styles.css', 'utf8'))![1];
    expect(manifest.theme_color).toBe(canvas);
    expect(manifest.background_color).toBe(canvas);
    const icons = manifest.icons as { src: string; sizes: string; purpose?: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual(['180x180 any', '192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of icons) {
      const png = await fetch(new URL(icon.src, suite.server.url));
      expect(png.headers.get('content-type'), icon.src).toBe('image/png');
      const { width, height } = pngSize(Buffer.from(await png.arrayBuffer()));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
  });

  it('serves the service worker unstored by caches, so a deployment is seen at the next check', async () => {
    const sw = await fetch(`${suite.server.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('content-type')).toContain('javascript');
  });
});

describe('the service worker', () => {
  it('registers after the load event, controls the page, and leaves the API and Socket.IO to the network', async () => {
    const { page, context, errors } = await openPage(suite.browser, suite.server.url);
    try {
      const fromWorker: string[] = [];
      page.on('response', (r) => r.fromServiceWorker() && fromWorker.push(new URL(r.url()).pathname));
      await page.goto('/login');
      await controlled(page);
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope)).toBe(`${suite.server.url}/`);
      // Everything is precached by the time the worker is active: the shell, the offline page, the public pages.
      const cached = await page.evaluate(async () =>
        (await Promise.all((await caches.keys()).map(async (k) => (await (await caches.open(k)).keys()).map((r) => new URL(r.url).pathname)))).flat(),
      );
      for (const file of ['/index.html', '/offline.html', '/prerendered/flow/1.html', '/prerendered/pricing.html', '/icons/icon-512.png']) expect(cached).toContain(file);
      expect(cached.filter((p) => p.startsWith('/api') || p.startsWith('/socket.io'))).toEqual([]);

      // A navigation now goes through the worker (to the network); the API's requests do not, nor do they wait for
      // it: its static routes (web/public/sw-routes.js) send them past the worker, its fetch handler never runs.
      await page.goto('/pricing', { waitUntil: 'networkidle' });
      await controlled(page);
      const matched = await page.evaluate(async () => {
        // The entry is written once the body is read: observed, not looked up after.
        const url = new URL('/api/health', location.href).href;
        const observed = new Promise<PerformanceResourceTiming & { workerMatchedSourceType?: string }>((resolve) => {
          new PerformanceObserver((list, observer) => {
            const entry = list.getEntriesByName(url)[0];
            if (!entry) return;
            observer.disconnect();
            resolve(entry as PerformanceResourceTiming);
          }).observe({ type: 'resource' });
        });
        await (await fetch(url)).text();
        const entry = await observed;
        // 'network': a static route matched it (without one, an empty string: the fetch handler ran).
        return entry.workerMatchedSourceType ?? null;
      });
      expect(fromWorker).toContain('/pricing');
      expect(fromWorker.filter((p) => p.startsWith('/api'))).toEqual([]);
      expect(matched).toBe('network');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('offline', () => {
  // The server goes away rather than the browser's network (context.setOffline): Chromium's offline emulation holds
  // a page's requests that pass a service worker pending instead of failing them, which no phone does.
  it('shows the offline page on a reload, keeps the answer tapped offline, and the session goes on once back', { timeout: 400_000 }, async () => {
    const host = await openPage(suite.browser, suite.server.url);
    const guest = await openPage(suite.browser, suite.server.url);
    try {
      await signUpAndLink(host.page, guest.page);
      const id = await createSession(host.page);
      await openSeats(host.page, guest.page, id);
      await controlled(guest.page);
      await playQuestion(host.page, guest.page, 1);
      for (const p of [host.page, guest.page]) await p.getByText('Question 2 of 10').waitFor();

      // The connection is lost; the guest taps an answer, and reloads the page.
      await suite.server.stop('SIGTERM');
      await guest.page.getByText('Reconnecting…').waitFor();
      await choose(guest.page, 'A');
      await guest.page.getByText('Not sent yet').waitFor();
      await guest.page.reload();
      await guest.page.getByRole('heading', { name: "You're offline" }).waitFor();
      await guest.page.getByText('What still works').waitFor();
      expect(await guest.page.title()).toBe("You're offline · Twogether");
      await screenshot(guest.page, 'pwa-offline');
      // A public page reads from the precache.
      const visitor = await guest.context.newPage();
      await visitor.goto('/privacy');
      await visitor.getByRole('heading', { name: 'Privacy Policy' }).first().waitFor();
      await visitor.close();

      // Back: "Try again" opens the session, and the answer kept on the device is sent.
      await suite.restart();
      await guest.page.getByRole('link', { name: 'Try again' }).click();
      await guest.page.getByText('Question 2 of 10').waitFor();
      await expect.poll(async () => (await getJson(host.page, `/api/sessions/${id}`)).answers.partnerAnswered, { timeout: 30_000 }).toBe(true);
      expect(await guest.page.evaluate((key) => localStorage.getItem(key), `twogether.outbox.${id}`)).toBeNull();
      await host.page.locator('html[data-realtime="on"]').waitFor({ state: 'attached', timeout: 30_000 });
      await choose(host.page, 'B');
      await host.page.getByText("Partner's Choice").first().waitFor();
      await host.page.getByRole('button', { name: /^Next/ }).click();
      for (const p of [host.page, guest.page]) await p.getByText('Question 3 of 10').waitFor();
      for (const w of [host, guest]) expect(w.errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    } finally {
      await host.context.close();
      await guest.context.close();
    }
  });
});

describe('a new deployment', () => {
  const second = mkdtempSync(path.join(os.tmpdir(), 'twogether-pwa-second-'));
  afterAll(() => rmSync(second, { recursive: true, force: true }));

  /** This checkout copied, with one change to a file the worker precaches, built as `npm run build` does. */
  async function buildSecond() {
    // The whole tree the build reads: Vite follows the root tsconfig's references into every part (test, e2e, bench, ops).
    for (const entry of ['web', 'core', 'server', 'scripts', 'test', 'e2e', 'bench', 'ops', 'content', 'package.json', 'tsconfig.json', 'tsconfig.base.json', 'vite.config.ts']) {
      cpSync(entry, path.join(second, entry), { recursive: true, filter: (src) => !src.includes(`${path.sep}node_modules`) });
    }
    symlinkSync(path.resolve('node_modules'), path.join(second, 'node_modules'));
    writeFileSync(path.join(second, 'web/public/offline.js'), `${readFileSync('web/public/offline.js', 'utf8')}// the second build\n`);
    const child = spawn(process.execPath, ['scripts/build.mjs'], { cwd: second, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`the second build failed:\n${output}`);
  }

  it('waits for the Refresh of "A new version is ready", then takes over', { timeout: 420_000 }, async () => {
    const { page, context, errors } = await openPage(suite.browser, suite.server.url);
    try {
      await page.goto('/login');
      await controlled(page);
      await buildSecond();

      // The second build replaces the first on the same address and data.
      const { port } = new URL(suite.server.url);
      await suite.server.stop();
      suite.server = await startServer({}, { dataDir: suite.server.dataDir, port: Number(port), root: second });

      // The open page asks for the worker again (as it does every hour and when it comes back into view).
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const prompt = page.getByRole('status').filter({ hasText: 'A new version is ready' });
      await prompt.waitFor({ timeout: 30_000 });
      // Until the person says so, the first build's worker keeps the page.
      expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true);
      await screenshot(page, 'pwa-update-prompt');

      await Promise.all([page.waitForEvent('load', { timeout: 30_000 }), prompt.getByRole('button', { name: 'Refresh' }).click()]);
      await controlled(page);
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
      // The precache is now the second build's.
      const offlineScript = await page.evaluate(async () => (await (await caches.match('/offline.js', { ignoreSearch: true }))?.text()) ?? '');
      expect(offlineScript).toContain('the second build');
      expect(await page.getByText('A new version is ready').count()).toBe(0);
      // While one build gave way to the other no server listened: what the page asked for then was refused, which
      // Chromium logs as a console error. Any other error fails.
      expect(errors.filter((e) => !e.endsWith('Failed to load resource: net::ERR_CONNECTION_REFUSED'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
