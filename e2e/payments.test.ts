import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { routes } from '@core/routes';
import { DESKTOP, openPage, screenshot, seriousA11yViolations } from './support/browser';
import { getJson, newCredentials, signUpAndLink, signUpThroughForm } from './support/flows';
import { setupServerAndBrowser } from './support/suite';

const suite = setupServerAndBrowser();

/**
 * Lifetime Gold bought as a person buys it (docs/product/plans.md#the-checkout-and-success-screens): /pricing,
 * /checkout, the local provider's hosted page, /success; the partner's locks open live; Cancel buys nothing.
 */
const PAY = 'Pay $39.99 with Stripe';

const username = async (page: Page): Promise<string> => (await getJson(page, '/api/me')).user.username;

/** A Would You Rather category whose every level is behind Gold on the free plan. */
async function premiumCategory(page: Page): Promise<{ id: string; name: string }> {
  const { categories } = await getJson(page, '/api/games/would_you_rather/categories');
  const category = categories.find((c: { levels: { lock: string }[] }) => c.levels.every((l) => l.lock === 'gold'));
  expect(category).toBeDefined();
  return category;
}

/** From /checkout, once the payment script is ready, to the provider's hosted page. */
async function payFromCheckout(page: Page) {
  await page.getByRole('button', { name: PAY, disabled: false }).click();
  await page.waitForURL(/\/local-pay\/checkout\/[^/]+$/);
}

describe('Lifetime Gold', () => {
  it('one partner buys it through the hosted checkout, and the other partner’s locks open live, without a reload', async () => {
    const buyer = await openPage(suite.browser, suite.server.url);
    const partner = await openPage(suite.browser, suite.server.url, DESKTOP);
    await signUpAndLink(buyer.page, partner.page);
    const [buyerName, partnerName] = [await username(buyer.page), await username(partner.page)];

    // A free couple: the partner, on a premium category's levels, sees only Get Lifetime Gold.
    const category = await premiumCategory(partner.page);
    await partner.page.goto(routes.levels('would_you_rather', category.id));
    await partner.page.getByRole('heading', { name: `${category.name}: Select Level` }).waitFor();
    await partner.page
      .getByRole('link', { name: /^Get Lifetime Gold/ })
      .first()
      .waitFor();
    expect(await partner.page.getByRole('link', { name: /^Start Game/ }).count()).toBe(0);
    await partner.page.locator('html[data-realtime="on"]').waitFor({ state: 'attached' });
    // Marks this document: a reload would lose it.
    await partner.page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    // The buyer: /pricing → /checkout.
    await buyer.page.goto('/pricing');
    await buyer.page.getByRole('link', { name: 'Unlock Lifetime Gold Access' }).click();
    await buyer.page.waitForURL(/\/checkout$/);
    await buyer.page.getByRole('heading', { name: 'Get Lifetime Gold' }).waitFor();
    await buyer.page.getByText(`${partnerName} gets Lifetime Gold too`).waitFor();
    await buyer.page.getByRole('button', { name: PAY, disabled: false }).waitFor();
    expect(await seriousA11yViolations(buyer.page)).toEqual([]);
    await screenshot(buyer.page, 'checkout');

    // The local provider's hosted page: the order, a test card, Pay and Cancel.
    await payFromCheckout(buyer.page);
    await buyer.page.getByRole('button', { name: 'Pay $39.99' }).waitFor();
    await buyer.page.getByRole('link', { name: 'Cancel' }).waitFor();
    await screenshot(buyer.page, 'checkout-hosted-page');
    // The partner hears it while the buyer's screens are checked: their toast is awaited from the moment of paying,
    // so a slow check on the buyer's side cannot outlast it.
    const heard = Promise.all([
      partner.page.getByText('Lifetime Gold is on!').waitFor({ timeout: 60_000 }),
      partner.page.getByText(`${buyerName} unlocked everything for you both.`).waitFor({ timeout: 60_000 }),
    ]);
    heard.catch(() => {});
    await buyer.page.getByRole('button', { name: 'Pay $39.99' }).click();

    // Back in the app: /success confirms and celebrates.
    await buyer.page.waitForURL(/\/success\?session_id=/);
    await buyer.page.getByRole('heading', { name: 'Welcome to Lifetime Gold!' }).waitFor();
    await buyer.page.getByText(`You and ${partnerName} both have Gold now`).waitFor();
    await buyer.page.getByRole('link', { name: 'Play a game' }).waitFor();
    expect(await seriousA11yViolations(buyer.page)).toEqual([]);
    await screenshot(buyer.page, 'checkout-success');
    expect((await getJson(buyer.page, '/api/me')).user.gold).toBe(true);

    // The partner's list opens where it stands: Start Game where Upgrade was, and who unlocked it.
    await partner.page
      .getByRole('link', { name: /^Start Game/ })
      .first()
      .waitFor();
    expect(await partner.page.getByRole('link', { name: /^Get Lifetime Gold/ }).count()).toBe(0);
    await heard;
    expect(await partner.page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await screenshot(partner.page, 'checkout-unlocked-levels');

    // A premium level can be played now.
    await partner.page
      .getByRole('link', { name: /^Start Game/ })
      .first()
      .click();
    await partner.page.waitForURL(/\/games\/would_you_rather\/host-session\//);
    await partner.page.getByText('Waiting for your partner to join…').waitFor();

    // Gold bought, nothing more to buy.
    await buyer.page.goto('/checkout');
    await buyer.page.getByRole('heading', { name: 'You already have Lifetime Gold' }).waitFor();
    expect(await buyer.page.getByRole('button', { name: PAY }).count()).toBe(0);

    expect(buyer.errors).toEqual([]);
    expect(partner.errors).toEqual([]);
  });

  it('Cancel on the hosted page goes back to /pricing with nothing bought, and /success says so', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    await page.goto('/signup');
    const creds = newCredentials('cancel');
    await signUpThroughForm(page, creds);
    await page.getByRole('heading', { name: `Welcome, ${creds.username}!` }).waitFor();

    await page.goto('/checkout');
    await page.getByText('When you link with your partner, they get Lifetime Gold too.').waitFor();
    await payFromCheckout(page);
    const sessionId = page.url().split('/').pop()!;
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(/\/pricing$/);
    await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    expect((await getJson(page, '/api/me')).user.gold).toBe(false);

    // The unpaid checkout's return address: the server's reason, and Try Again.
    await page.goto(`/success?session_id=${encodeURIComponent(sessionId)}`);
    await page.getByRole('alert').getByText('Subscription not found or not active').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'checkout-success-not-active');
    await page.getByRole('link', { name: 'Try Again' }).click();
    await page.waitForURL(/\/pricing$/);
    expect((await getJson(page, '/api/me')).user.gold).toBe(false);
    expect(errors).toEqual([]);
  });
});
