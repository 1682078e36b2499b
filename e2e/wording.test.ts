import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import { newCredentials, signUpThroughForm } from './support/flows';
import { setupServerAndBrowser } from './support/suite';

const suite = setupServerAndBrowser();

/**
 * One name for each thing (docs/decisions/027-one-name-for-each-thing.md): no page a visitor or a signed-in user can
 * open says "Sign In", "subscribe" (in any case) or "Premium", in its text or in what a screen reader reads.
 */
const FORBIDDEN: [string, RegExp][] = [
  ['Sign In', /Sign In/],
  ['subscribe', /subscribe/i],
  ['Premium', /Premium/],
];

// [address, a text the page shows once it has loaded]
const visitorPages: [string, string][] = [
  ['/', 'Log in'],
  ...Array.from({ length: 7 }, (_, i): [string, string] => [`/flow/${i + 1}`, 'Log in']),
  ['/login', 'Welcome back'],
  ['/signup', 'Create your account'],
  ['/pricing', 'Unlock Lifetime Gold Access'],
  ['/privacy', 'Privacy'],
  ['/terms', 'Terms'],
  ['/contact', 'Contact'],
];

const signedInPages: [string, string][] = [
  ['/', 'Welcome,'],
  ['/games', 'Couple Games'],
  ['/games/would_you_rather/categories', 'Everyday Life'],
  ['/games/would_you_rather/categories/everyday-life', 'Everyday Life: Select Level'],
  ['/games/emoji_movie/categories/action/levels', 'Action: Select Level'],
  ['/questions', 'Getting Closer'],
  ['/profile', 'Your partner'],
  ['/pricing', 'Current Plan'],
  ['/checkout', 'Pay $39.99 with Stripe'],
];

/** What a person can read on the page: its text, its title, and every aria-label and title attribute. */
const readableText = (page: Page) =>
  page.evaluate(() => {
    const attributes = [...document.querySelectorAll('[aria-label], [title]')].flatMap((el) => [el.getAttribute('aria-label'), el.getAttribute('title')]);
    return [document.title, document.body.innerText, ...attributes].filter(Boolean).join('\n');
  });

async function misnamed(page: Page, path: string, ready: string): Promise<string[]> {
  await page.goto(path);
  await page.getByText(ready).first().waitFor();
  const text = await readableText(page);
  return FORBIDDEN.filter(([, pattern]) => pattern.test(text)).map(([word]) => `${path} says "${word}"`);
}

describe('one name for each thing', () => {
  it('no page says Sign In, subscribe or Premium, to a visitor or to a signed-in user', async () => {
    const { page, context, errors } = await openPage(suite.browser, suite.server.url);
    const found: string[] = [];
    for (const [path, ready] of visitorPages) found.push(...(await misnamed(page, path, ready)));

    await page.goto('/signup');
    await signUpThroughForm(page, newCredentials('words'));
    await page.getByRole('heading', { name: /Welcome,/ }).waitFor();
    for (const [path, ready] of signedInPages) found.push(...(await misnamed(page, path, ready)));

    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
