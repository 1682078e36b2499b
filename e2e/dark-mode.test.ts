import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, screenshot, seriousA11yViolations } from './support/browser';
import { appReady, newCredentials, signUpThroughForm } from './support/flows';
import { setupServerAndBrowser } from './support/suite';

/** The dark theme (docs/decisions/044-dark-mode.md): a visitor's and a signed-in person's choice, kept, and no light frame. */
const suite = setupServerAndBrowser();

const DARK_CANVAS = 'rgb(26, 18, 22)';
const LIGHT_CANVAS = 'rgb(253, 246, 243)';

/** What the page looked like when its HTML was parsed, before any of the app's modules ran. */
function recordFirstFrame(page: Page) {
  return page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const seen = window as unknown as { firstFrame: { theme?: string; background: string } };
      seen.firstFrame = { theme: document.documentElement.dataset.theme, background: getComputedStyle(document.body).backgroundColor };
    });
  });
}
const firstFrame = (page: Page) => page.evaluate(() => (window as unknown as { firstFrame: { theme?: string; background: string } }).firstFrame);
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const themeColor = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].find((m) => matchMedia(m.media).matches)?.content);

describe('dark mode', () => {
  it('follows the system for a visitor, keeps a visitor’s choice on /flow/1 and /login, and reloads dark with no light frame', async () => {
    const { page, context, errors } = await openPage(suite.browser, suite.server.url);
    await recordFirstFrame(page);

    // No choice: the system's theme, before any script of the app.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/login');
    await page.getByText('Welcome back').waitFor();
    expect(await firstFrame(page)).toEqual({ theme: undefined, background: DARK_CANVAS });
    expect(await themeColor(page)).toBe('#1a1216');

    // The system turns light; on the preview, the visitor chooses Dark (System → Light → Dark).
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/flow/1');
    const toggle = page.getByRole('button', { name: /^Theme: / });
    await expect.poll(() => toggle.getAttribute('aria-label')).toBe('Theme: System (light). Switch to Light');
    await toggle.click();
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-label')).toBe('Theme: Dark. Switch to System');
    expect(await bodyBackground(page)).toBe(DARK_CANVAS);
    expect(await themeColor(page)).toBe('#1a1216');

    // A reload, and another public page: dark from the first frame, though the system is light.
    await page.reload();
    await page.getByText('1 of 6 free previews').waitFor();
    expect(await firstFrame(page)).toEqual({ theme: 'dark', background: DARK_CANVAS });
    await page.goto('/login');
    await page.getByText('Welcome back').waitFor();
    expect(await firstFrame(page)).toEqual({ theme: 'dark', background: DARK_CANVAS });
    expect(await themeColor(page)).toBe('#1a1216');
    // On a phone the shell's header keeps it in the menu (a tap before the page runs would open nothing).
    await appReady(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const loginToggle = page.getByRole('button', { name: /^Theme: / });
    expect(await loginToggle.getAttribute('aria-label')).toBe('Theme: Dark. Switch to System');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Back to System: light again, and so on a reload.
    await loginToggle.click();
    expect(await bodyBackground(page)).toBe(LIGHT_CANVAS);
    await page.reload();
    await page.getByText('Welcome back').waitFor();
    expect(await firstFrame(page)).toEqual({ theme: undefined, background: LIGHT_CANVAS });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets a signed-in person choose in the account menu, kept across a reload; the local checkout page follows it', async () => {
    const { page, context, errors } = await openPage(suite.browser, suite.server.url);
    await recordFirstFrame(page);
    const creds = newCredentials('dark');
    await page.goto('/signup');
    await signUpThroughForm(page, creds);
    await page.getByRole('heading', { name: /Welcome,/ }).waitFor();

    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitemradio', { name: 'System' }).waitFor();
    expect(await page.getByRole('menuitemradio', { name: 'System' }).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    // The menu stays open on a choice, showing it.
    await expect.poll(() => page.getByRole('menuitemradio', { name: 'Dark' }).getAttribute('aria-checked')).toBe('true');
    expect(await bodyBackground(page)).toBe(DARK_CANVAS);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'account-menu-theme-dark');
    await page.keyboard.press('Escape');

    await page.reload();
    await page.getByRole('heading', { name: /Welcome,/ }).waitFor();
    expect(await firstFrame(page)).toEqual({ theme: 'dark', background: DARK_CANVAS });

    // The local provider's hosted checkout, a page of the server's own: the same theme, from the same script.
    await page.goto('/checkout');
    await page.getByRole('button', { name: /^Pay /, disabled: false }).click();
    await page.waitForURL(/\/local-pay\/checkout\/[^/]+$/);
    expect(await firstFrame(page)).toEqual({ theme: 'dark', background: DARK_CANVAS });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'local-checkout-dark');
    expect(errors).toEqual([]);
    await context.close();
  });
});
