import { describe, expect, it } from 'vitest';
import { MOBILE, openPage, screenshot, seriousA11yViolations } from './support/browser';
import { newCredentials, signUpThroughForm } from './support/flows';
import { setupServerAndBrowser } from './support/suite';

const suite = setupServerAndBrowser();

const publicPages: [string, string, string][] = [
  ['/flow/1', 'flow-1', '1 of 6 free previews'],
  ['/login', 'login', 'Welcome back'],
  ['/signup', 'signup', 'Create your account'],
  ['/forgot-password', 'forgot-password', 'Forgot your password?'],
  ['/reset-password?token=not-a-real-token', 'reset-invalid-link', 'Link invalid or expired'],
  ['/privacy', 'privacy', 'Privacy'],
  ['/terms', 'terms', 'Terms'],
  ['/contact', 'contact', 'Contact'],
  ['/pricing', 'pricing', 'Lifetime Gold'],
  ['/no-such-page', 'not-found', 'This page went on a date without us'],
];

const signedInPages: [string, string, string][] = [
  ['/', 'home', 'Welcome,'],
  ['/profile', 'profile', 'Delete account'],
  ['/games', 'games-catalogue', 'Couple Games'],
  ['/games/would_you_rather/categories', 'wyr-categories', 'Everyday Life'],
  ['/questions', 'questions', 'Getting Closer'],
  ['/pricing', 'pricing-signed-in', 'Current Plan'],
  ['/checkout', 'checkout', 'Pay $39.99 with Stripe'],
  ['/success', 'success-not-active', 'Subscription not found or not active'],
];

// Every route in both themes (docs/decisions/044-dark-mode.md): the system's dark, as most people meet it.
describe.each(['light', 'dark'] as const)('accessibility (axe: no serious or critical violations) and phone layout, %s theme', (theme) => {
  const suffix = theme === 'dark' ? '-dark' : '';
  const open = async () => {
    const watched = await openPage(suite.browser, suite.server.url);
    await watched.page.emulateMedia({ colorScheme: theme });
    return watched;
  };

  it('holds on every public page', async () => {
    const { page, context, errors } = await open();
    for (const [path, name, text] of publicPages) {
      await page.goto(path);
      await page.getByText(text).first().waitFor();
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme), path).toBe(theme);
      expect(await seriousA11yViolations(page), path).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} scrolls sideways on a phone`).toBeLessThanOrEqual(MOBILE.width);
      await screenshot(page, `${name}${suffix}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('holds on the signed-in pages', async () => {
    const { page, context, errors } = await open();
    await page.goto('/signup');
    await signUpThroughForm(page, newCredentials('a11y'));
    await page.getByRole('heading', { name: /Welcome,/ }).waitFor();
    for (const [path, name, text] of signedInPages) {
      await page.goto(path);
      await page.getByText(text).first().waitFor();
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme), path).toBe(theme);
      expect(await seriousA11yViolations(page), path).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} scrolls sideways on a phone`).toBeLessThanOrEqual(MOBILE.width);
      await screenshot(page, `${name}${suffix}`);
    }
    // The user menu, open.
    await page.goto('/');
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `account-menu${suffix}`);
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
    await context.close();
  });
});
