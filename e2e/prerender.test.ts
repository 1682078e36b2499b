import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MOBILE, openPage } from './support/browser';
import { appReady, fillSignUp, newCredentials, signUpThroughForm } from './support/flows';
import { setupServerAndBrowser } from './support/suite';

const suite = setupServerAndBrowser();

/**
 * The public pages arrive as HTML and are hydrated (docs/decisions/043-prerendered-public-pages.md).
 * [address, its heading]
 */
const PUBLIC_PAGES: [string, string][] = [
  ['/flow/1', 'If you could live anywhere in the world, where would it be?'],
  ['/flow/2', 'Would you rather'],
  ['/flow/4', 'Can you name the movie from the emoji?'],
  ['/flow/6', 'How in sync are you two?'],
  ['/flow/7', 'Your Relationship Profile'],
  ['/login', 'Welcome back'],
  ['/signup', 'Create your account'],
  ['/forgot-password', 'Forgot your password?'],
  ['/pricing', 'Choose your plan'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
  ['/contact', 'Contact us'],
];

/** Holds the page's scripts back until `release()`: what a visitor does before the page runs. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/**/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** `text` typed into the field labelled `label` of the prerendered `address` before its scripts run; then it runs. */
async function typeBeforeHydration(page: Page, address: string, label: string, text: string) {
  const release = await holdScripts(page);
  await page.goto(address, { waitUntil: 'commit' });
  await page.getByLabel(label).fill(text);
  release();
  await appReady(page);
}

describe('prerendered public pages', () => {
  it('show their content with JavaScript off, as the first paint does before the bundle runs', async () => {
    const context = await suite.browser.newContext({ baseURL: suite.server.url, viewport: MOBILE, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      for (const [address, heading] of PUBLIC_PAGES) {
        await page.goto(address);
        await expect.poll(() => page.locator('h1').first().innerText(), { message: address }).toContain(heading);
      }
    } finally {
      await context.close();
    }
  });

  it('hydrate without a mismatch, an error or a warning, and then work as the app', async () => {
    const { page, context, errors, warnings } = await openPage(suite.browser, suite.server.url);
    const titles = new Set<string>();
    try {
      for (const [address, heading] of PUBLIC_PAGES) {
        const response = await page.goto(address, { waitUntil: 'networkidle' });
        const html = (await response?.text()) ?? '';
        // Its scripts come after its first paint (decision 047): named on the root element, fetched by the inline loader.
        expect(html, address).toMatch(/<div id="root" data-prerendered data-entry="\/assets\/index-[\w-]+\.js" data-preload="[^"]+">/);
        expect(html, address).not.toContain('<script type="module"');
        // The page's own title is in the HTML, and stays once the page is hydrated.
        const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
        expect(title, address).toMatch(/ · Twogether$/);
        expect(await page.title(), address).toBe(title);
        titles.add(title!);
        await expect.poll(() => page.locator('h1').first().innerText(), { message: address }).toContain(heading);
      }
      expect(titles.size).toBe(PUBLIC_PAGES.length);
      // Hydrated: the preview's form answers and moves on in the page, without a new document.
      await page.goto('/flow/1', { waitUntil: 'networkidle' });
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await page.getByLabel('Your answer').fill('Lisbon');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL('**/flow/2');
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      // The new page's title is said to screen readers.
      await expect.poll(() => page.locator('#route-announcer').textContent()).toBe('Free preview 2 of 6 · Twogether');
      expect(await page.title()).toBe('Free preview 2 of 6 · Twogether');
      expect(errors).toEqual([]);
      expect(warnings.filter((w) => /hydrat|did not match|server rendered/i.test(w))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("load the shell's modules as one file, which the preview never loads (docs/decisions/058-one-chunk-for-the-shell.md)", async () => {
    const preloads = async (address: string) => {
      const html = await (await fetch(new URL(address, suite.server.url))).text();
      return (/data-preload="([^"]+)"/.exec(html)?.[1] ?? '').split(' ').filter(Boolean);
    };
    const shared: string[][] = [];
    for (const [address] of PUBLIC_PAGES) {
      const files = await preloads(address);
      const shell = files.filter((f) => /\/assets\/shell-[\w-]+\.js$/.test(f));
      if (address.startsWith('/flow/')) expect(shell, address).toEqual([]);
      else {
        expect(shell, address).toHaveLength(1);
        shared.push(files);
      }
    }
    // What every page under the root layout loads: the entry's own chunks, the layout, the shell, and the few modules
    // the preview shares with it (the toaster, two icons, the page frame). Split by the bundler alone it was 17 files, each a request
    // the page's loader starts on the main thread.
    const common = shared.reduce((a, b) => a.filter((f) => b.includes(f)));
    expect(common.length).toBeGreaterThan(0);
    expect(common.length, common.join(' ')).toBeLessThanOrEqual(9);
  });

  it('keep what a visitor typed before the page hydrated, and send a form submitted that early once it runs', async () => {
    const { page, context, errors } = await openPage(suite.browser, suite.server.url);
    // The page's scripts wait until the form is filled in: the visitor types into the prerendered HTML.
    const release = await holdScripts(page);
    try {
      const creds = newCredentials('early');
      await page.goto('/signup', { waitUntil: 'commit' });
      await fillSignUp(page, creds);
      // Enter before hydration: held (never the browser's GET with the password in the address)...
      await page.getByLabel('Confirm password', { exact: true }).press('Enter');
      expect(await page.evaluate(() => document.documentElement.dataset.ready)).toBeUndefined();
      expect(new URL(page.url()).search).toBe('');
      expect(await page.getByLabel('Email').inputValue()).toBe(creds.email);
      // ...and sent once the page runs, with what was typed: the account is made.
      release();
      await appReady(page);
      await page.waitForURL((url) => url.pathname === '/');
      expect(new URL(page.url()).search).toBe('');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('send a form submitted while the page hydrates once, not twice', async () => {
    const { page, context, errors } = await openPage(suite.browser, suite.server.url);
    // A phone's CPU: hydration takes many slices, and the submit lands between two of them.
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 8 });
    // The moment React has taken the root (hydrateRoot adds its listeners there) but has not committed the page yet:
    // a submit then, in the microtask after React's own submit listener is added.
    await page.addInitScript(() => {
      const add = EventTarget.prototype.addEventListener;
      EventTarget.prototype.addEventListener = function (
        this: EventTarget,
        type: string,
        ...rest: [EventListenerOrEventListenerObject | null, (boolean | AddEventListenerOptions)?]
      ) {
        add.call(this, type, ...rest);
        const form = document.querySelector('form');
        if (type !== 'submit' || !(this instanceof HTMLElement) || this.id !== 'root' || !form) return;
        EventTarget.prototype.addEventListener = add;
        queueMicrotask(() => {
          (window as unknown as { sentWhileHydrating: boolean }).sentWhileHydrating = document.documentElement.dataset.ready === undefined;
          form.requestSubmit();
        });
      };
    });
    const signUps: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/auth/sign-up/email') signUps.push(request.url());
    });
    const release = await holdScripts(page);
    try {
      const creds = newCredentials('hydrating');
      await page.goto('/signup', { waitUntil: 'commit' });
      await fillSignUp(page, creds);
      release();
      await page.waitForURL((url) => url.pathname === '/');
      expect(await page.evaluate(() => (window as unknown as { sentWhileHydrating?: boolean }).sentWhileHydrating)).toBe(true);
      // Signed in and at home: any second request was sent by now (it would follow the first within a frame).
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(signUps).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("keep the preview's first answer typed before the page hydrated", async () => {
    const { page, context, errors } = await openPage(suite.browser, suite.server.url);
    try {
      await typeBeforeHydration(page, '/flow/1', 'Your answer', 'Lisbon');
      expect(await page.getByLabel('Your answer').inputValue()).toBe('Lisbon');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL('**/flow/2');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keep a movie guess typed before the page hydrated: it counts, and the guess can be sent', async () => {
    const { page, context, errors } = await openPage(suite.browser, suite.server.url);
    try {
      await typeBeforeHydration(page, '/flow/4', 'Your guess for round 1', 'the lion king');
      // Sent as typed, without typing again: the button the guess enables works.
      await page.getByRole('button', { name: 'Submit Guess' }).click();
      await expect.poll(() => page.getByRole('dialog').innerText()).toContain('Correct!');
      await expect.poll(() => page.getByText('Score 1 / 3').count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('show the first page still, and let the next one enter as usual', async () => {
    const { page, context, errors } = await openPage(suite.browser, suite.server.url);
    await page.addInitScript(() => {
      const started: string[] = ((window as unknown as { entrances: string[] }).entrances = []);
      document.addEventListener('animationstart', (e) => started.push(`${e.animationName} ${location.pathname}`), true);
    });
    try {
      await page.goto('/login', { waitUntil: 'networkidle' });
      await appReady(page);
      const entrances = () => page.evaluate(() => (window as unknown as { entrances: string[] }).entrances);
      // The login card was painted whole; hydrating it starts no fade over it.
      expect(await entrances()).toEqual([]);
      await page.getByRole('link', { name: 'Create an account' }).click();
      await page.waitForURL('**/signup');
      await expect.poll(entrances).toContain('fade-up /signup');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("are sent only to a visitor: a signed-in person's browser renders the page they see", async () => {
    const { page, context, errors } = await openPage(suite.browser, suite.server.url);
    try {
      await page.goto('/signup');
      await signUpThroughForm(page, newCredentials('prerender'));
      await page.waitForURL((url) => url.pathname === '/');
      for (const address of ['/pricing', '/login', '/flow/1']) {
        const html = await (await page.request.get(address)).text();
        expect(html, address).not.toContain('data-prerendered');
      }
      await page.goto('/pricing');
      await expect.poll(() => page.getByText('Current Plan').count()).toBeGreaterThan(0);
      // The preview is for visitors: a signed-in person goes home.
      await page.goto('/flow/1');
      await page.waitForURL((url) => url.pathname === '/');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
