import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, screenshot, seriousA11yViolations } from './support/browser';
import { getJson, newCredentials, postJson, signUpAndLink, signUpThroughForm } from './support/flows';
import { setupServerAndBrowser } from './support/suite';

const suite = setupServerAndBrowser();

/** Answers the current question on one screen by choosing option A or B. */
async function choose(page: Page, which: 0 | 1) {
  await page.getByRole('button', { name: new RegExp(`^Option ${which === 0 ? 'A' : 'B'}:`) }).click();
}

describe('Would You Rather, two players', () => {
  it('plays a level from creation to the completion dialog on both screens', async () => {
    const host = await openPage(suite.browser, suite.server.url);
    const guest = await openPage(suite.browser, suite.server.url);
    await signUpAndLink(host.page, guest.page);

    // On the free plan, a premium level's create link leads to the pricing page, not to a session.
    const catalogue = await getJson(host.page, '/api/games/would_you_rather/categories');
    const premium = catalogue.categories.flatMap((c: { levels: { id: string; lock: string }[] }) => c.levels).find((l: { lock: string }) => l.lock === 'gold');
    await host.page.goto(`/games/would_you_rather/create/${premium.id}`);
    await host.page.waitForURL(/\/pricing$/);
    expect((await postJson(host.page, '/api/test/grant-gold')).status).toBe(200);

    // The host picks a level and creates the session. The game's alias (wyr) leads to the same screen.
    await host.page.goto('/games/wyr/categories');
    await host.page.waitForURL(/\/games\/would_you_rather\/categories$/);
    await host.page
      .getByRole('link', { name: /Everyday Life/ })
      .first()
      .click();
    await host.page.getByRole('heading', { name: /Everyday Life: Select Level/ }).waitFor();
    // Each page has its own title, finer where the page knows the game and the level (docs/product/home-and-shell.md#page-titles).
    await expect.poll(() => host.page.title()).toBe('Would You Rather · Everyday Life · Twogether');
    await screenshot(host.page, 'wyr-levels');
    await host.page
      .getByRole('link', { name: /Start Game/ })
      .first()
      .click();
    await host.page.waitForURL(/\/games\/would_you_rather\/host-session\//);
    const sessionId = host.page.url().split('/').pop()!;
    await host.page.getByText('Question 1 of 10').waitFor();
    await host.page.locator('html[data-realtime="on"]').waitFor({ state: 'attached' });
    await expect.poll(() => host.page.title()).toBe('Would You Rather · Level 1 · Twogether');

    // The host copies the link; the partner opens it.
    // The button itself says it copied: no toast for what is on screen (decision 026).
    await host.page.getByRole('button', { name: 'Copy Link' }).first().click();
    await host.page.getByRole('button', { name: 'Copied!' }).first().waitFor();
    const link = await host.page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${suite.server.url}/games/would_you_rather/session/${sessionId}`);
    // Waiting for the partner comes first: no question to answer yet.
    await host.page.getByText('Waiting for your partner to join…').waitFor();
    expect(await host.page.getByRole('button', { name: /^Option A:/ }).count()).toBe(0);
    await screenshot(host.page, 'wyr-waiting-for-partner');
    // The partner asked their system for less motion: no confetti on their screen, as the host gets.
    await guest.page.emulateMedia({ reducedMotion: 'reduce' });
    await guest.page.goto(link);
    await guest.page.getByText('Question 1 of 10').waitFor();
    await guest.page.locator('html[data-realtime="on"]').waitFor({ state: 'attached' });

    for (let i = 0; i < 10; i++) {
      await host.page.getByText(`Question ${i + 1} of 10`).waitFor();
      await guest.page.getByText(`Question ${i + 1} of 10`).waitFor();
      await choose(host.page, 0);
      // The partner hears of the host's answer before giving theirs.
      if (i === 0) await guest.page.getByText(/^host\d+ has submitted an answer$/).waitFor();
      await choose(guest.page, (i % 2) as 0 | 1);
      await host.page
        .getByText(i % 2 ? "Partner's Choice" : 'Both Chose This!')
        .first()
        .waitFor();
      await guest.page.getByText('Waiting for Host').waitFor();
      if (i === 0) {
        expect(await seriousA11yViolations(host.page)).toEqual([]);
        await screenshot(host.page, 'wyr-reveal-host');
        await screenshot(guest.page, 'wyr-reveal-guest');
      }
      if (i === 4) {
        // Mid-level the partner reloads and is back in the same seat, on the same item.
        await guest.page.reload();
        await guest.page.getByText('Question 5 of 10').waitFor();
        await guest.page.getByText('Waiting for Host').waitFor();
      }
      await host.page.getByRole('button', { name: i === 9 ? /Finish|Next/ : /Next/ }).click();
    }

    for (const p of [host.page, guest.page]) {
      const dialog = p.getByRole('dialog', { name: 'Would You Rather Complete!' });
      await dialog.waitFor();
      await dialog.getByText(/unlocked/).waitFor();
    }
    await host.page.locator('body > canvas').waitFor({ state: 'attached' });
    expect(await guest.page.locator('canvas').count()).toBe(0);
    expect(await seriousA11yViolations(guest.page)).toEqual([]);
    await screenshot(guest.page, 'wyr-complete');
    await host.page
      .getByRole('button', { name: 'Return to Level Selection' })
      .or(host.page.getByRole('link', { name: 'Return to Level Selection' }))
      .click();
    await host.page.getByRole('heading', { name: /Everyday Life: Select Level/ }).waitFor();
    // Level 2 is open now: a second Start Game appears once the levels are fetched again.
    await host.page
      .getByRole('link', { name: /Start Game/ })
      .nth(1)
      .waitFor();

    // A third user opening the link gets the partner-only denial.
    const stranger = await openPage(suite.browser, suite.server.url);
    await stranger.page.goto('/signup');
    await signUpThroughForm(stranger.page, newCredentials('stranger'));
    await stranger.page.getByRole('heading', { name: /Welcome,/ }).waitFor();
    await stranger.page.goto(link);
    await stranger.page.getByRole('heading', { name: 'Partner-Only Game' }).waitFor({ timeout: 15_000 });
    await screenshot(stranger.page, 'wyr-denied');

    expect(host.errors).toEqual([]);
    expect(guest.errors).toEqual([]);
    expect(stranger.errors).toEqual([]);
    for (const ctx of [host.context, guest.context, stranger.context]) await ctx.close();
  });
});
