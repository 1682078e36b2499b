import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, screenshot, seriousA11yViolations } from './support/browser';
import { signUpAndLink } from './support/flows';
import { choose } from './support/session';
import { setupServerAndBrowser } from './support/suite';

const suite = setupServerAndBrowser();

/** Where both are, as the session's header says it (docs/product/sessions-and-games.md#at-your-own-pace). */
const where = (page: Page, mine: number, partner: number) => page.getByText(new RegExp(`^You: ${mine} of 10 · \\w+: ${partner} of 10$`)).waitFor();
const waitingCalmly = (page: Page) => page.getByText(/hasn't answered this one yet — you'll both see the answers once they have\.$/).waitFor();
const revealed = (page: Page) => page.getByText(/^You both chose “.+”!$|^You chose “.+”\. \S+ chose “.+”\.$/).waitFor();
/** Your own Next, then the next item, not answered yet. */
async function next(page: Page) {
  await page.getByRole('button', { name: /^Next/ }).click();
  await page.getByText('Pick the one you would rather.').waitFor();
}

describe('Would You Rather at your own pace, two players apart', () => {
  it('A answers half and leaves, B answers and sees the reveals, A comes back and finishes; both get the completion once', async () => {
    const a = await openPage(suite.browser, suite.server.url);
    const b = await openPage(suite.browser, suite.server.url);
    await signUpAndLink(a.page, b.page);

    // A chooses how to play on the game's categories, then taps a level: the session is made at their own pace.
    await a.page.goto('/games/would_you_rather/categories');
    const choice = a.page.getByRole('group', { name: 'How do you want to play?' });
    await choice.waitFor();
    expect(await choice.getByRole('radio', { name: 'Together now' }).isChecked()).toBe(true);
    await choice.getByText('At your own pace').click();
    await a.page.getByText("Answer when it suits you; see each answer once you've both given it").waitFor();
    expect(await seriousA11yViolations(a.page)).toEqual([]);
    await screenshot(a.page, 'own-pace-choice');
    await a.page
      .getByRole('link', { name: /^Start Game: / })
      .first()
      .click();
    await a.page.waitForURL(/\/games\/would_you_rather\/host-session\/[^/?]+$/);
    const sessionId = a.page.url().split('/').pop()!;
    await a.page.locator('html[data-realtime="on"]').waitFor({ state: 'attached' });

    // Alone, nothing to wait for: the first item at once, and where both are.
    await where(a.page, 0, 0);
    await a.page.getByText('Pick the one you would rather.').waitFor();
    expect(await a.page.getByText('Waiting for your partner to join…').count()).toBe(0);
    await screenshot(a.page, 'own-pace-alone');

    for (let i = 0; i < 5; i++) {
      await choose(a.page, 'A');
      await waitingCalmly(a.page);
      if (i === 0) await screenshot(a.page, 'own-pace-answered-waiting');
      await next(a.page);
    }
    await where(a.page, 5, 0);
    await a.page.close();

    // B, days later: the dashboard's "your turn" takes them to the session.
    await b.page.goto('/');
    await b.page.getByRole('link', { name: /in Would You Rather · your turn/ }).click();
    await b.page.waitForURL(new RegExp(`/games/would_you_rather/session/${sessionId}$`));
    await b.page.locator('html[data-realtime="on"]').waitFor({ state: 'attached' });
    await where(b.page, 0, 5);

    // The five A answered reveal as soon as B answers each.
    for (let i = 0; i < 5; i++) {
      await choose(b.page, i % 2 ? 'B' : 'A');
      await revealed(b.page);
      if (i === 1) {
        expect(await seriousA11yViolations(b.page)).toEqual([]);
        await screenshot(b.page, 'own-pace-revealed');
      }
      await next(b.page);
    }
    // The rest wait for A; the list under the board has both answers of the first five and "Waiting for" the others.
    for (let i = 5; i < 10; i++) {
      await where(b.page, i, 5);
      await choose(b.page, 'B');
      await waitingCalmly(b.page);
      // Wait for the next item before choosing again: a tap while the board changes would land on the answered one.
      if (i < 9) await next(b.page);
      else await b.page.getByRole('button', { name: /^Next|^Finish/ }).click();
    }
    await b.page.getByRole('heading', { name: "You've answered all 10." }).waitFor();
    await b.page.getByText(/^\w+ is on 5 — their answers will appear here as they go\.$/).waitFor();
    const passed = b.page.getByRole('region', { name: 'Your answers so far' }).getByRole('listitem');
    expect(await passed.count()).toBe(10);
    expect(await passed.filter({ hasText: /Waiting for/ }).count()).toBe(5);
    expect(await seriousA11yViolations(b.page)).toEqual([]);
    await screenshot(b.page, 'own-pace-all-answered');

    // A comes back in a new tab, where they left off; each answer now reveals at once, on B's screen too, live.
    const back = await a.context.newPage();
    back.on('pageerror', (err) => a.errors.push(`pageerror: ${err.message}`));
    await back.goto(`/games/would_you_rather/host-session/${sessionId}`);
    await back.locator('html[data-realtime="on"]').waitFor({ state: 'attached' });
    await where(back, 5, 10);
    for (let i = 5; i < 9; i++) {
      await choose(back, 'B');
      await revealed(back);
      await next(back);
    }
    await expect.poll(() => passed.filter({ hasText: /Waiting for/ }).count()).toBe(1);
    await screenshot(b.page, 'own-pace-passed');

    // A's last answer completes the level: A's reply says so, and B gets it pushed.
    await choose(back, 'B');
    for (const p of [back, b.page]) {
      const dialog = p.getByRole('dialog', { name: 'Would You Rather Complete!' });
      await dialog.waitFor();
      await dialog.getByText(/is now unlocked|Unlock it with Lifetime Gold/).waitFor();
    }
    await screenshot(back, 'own-pace-complete');

    // Once: the next visit shows the completed card, not the dialog again.
    await b.page.reload();
    await b.page.getByRole('heading', { name: 'Level Complete!' }).waitFor();
    expect(await b.page.getByRole('dialog').count()).toBe(0);

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    for (const ctx of [a.context, b.context]) await ctx.close();
  });
});
