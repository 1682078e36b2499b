import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const MOBILE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 860 };

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** A page whose console errors and uncaught exceptions are collected; tests assert there are none. */
export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  errors: string[];
  /** Console warnings (React Router's, React's): a clean page prints none. */
  warnings: string[];
}

/**
 * The system theme every page is opened in: light, unless E2E_COLOR_SCHEME=dark runs a suite in dark (its screenshots
 * then end in -dark; docs/decisions/044-dark-mode.md).
 */
export const COLOR_SCHEME = process.env.E2E_COLOR_SCHEME === 'dark' ? 'dark' : 'light';

/** `touch`: a phone's touch screen (taps, not clicks), for what only shows up under a finger. */
export async function openPage(browser: Browser, baseURL: string, viewport = MOBILE, { touch = false } = {}): Promise<WatchedPage> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    colorScheme: COLOR_SCHEME,
    permissions: ['clipboard-read', 'clipboard-write'],
    ...(touch ? { hasTouch: true, isMobile: true } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  const warnings: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'warning') warnings.push(msg.text());
    // Chromium logs every 4xx response as a console error; an expected refusal is not an app error.
    if (msg.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text())) errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return { page, context, errors, warnings };
}

const shotDir = path.resolve('test-results/screenshots');

/** Screenshots at phone and desktop width, for the humans who review the change. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(shotDir, { recursive: true });
  const original = page.viewportSize();
  for (const [label, size] of [
    ['mobile', MOBILE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    // A full-page capture of a scrolled page draws the sticky header at the scroll offset: start at the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    const dark = COLOR_SCHEME === 'dark' && !name.endsWith('-dark') ? '-dark' : '';
    await page.screenshot({ path: path.join(shotDir, `${name}-${label}${dark}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Waits until no entrance animation is running, so pictures and contrast checks see the settled page. */
export async function settle(page: Page) {
  // Looping animations (a pulse, a spinner) never end; only finite ones are waited for.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
}

let axeSource: string | undefined;

/** axe-core in the page: the serious and critical violations (WCAG 2.x A and AA rules). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Evaluated over the DevTools protocol: the app's CSP (rightly) refuses an injected inline script.
  await settle(page);
  axeSource ??= readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
    return result.violations;
  })) as AxeViolation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
