import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, screenshot, seriousA11yViolations } from './support/browser';
import { appReady, getJson, signUpAndLink } from './support/flows';
import { setupServerAndBrowser } from './support/suite';

/** Guess my answer (docs/product/guess-my-answer.md), played by two people in two browsers. */
const suite = setupServerAndBrowser();

/** One player's picks on the current item: their own (first or second option) and their guess of the partner's. */
async function pick(page: Page, partner: string, own: 0 | 1, guess: 0 | 1) {
  await page.getByRole('group', { name: 'Your pick' }).locator('label').nth(own).click();
  await page
    .getByRole('group', { name: `What will ${partner} pick?` })
    .locator('label')
    .nth(guess)
    .click();
  await page.getByRole('button', { name: 'Lock in', exact: true }).click();
}

describe('Guess my answer, two players', () => {
  it('plays a Would You Rather level by guessing, live, to both completion dialogs', async () => {
    const host = await openPage(suite.browser, suite.server.url);
    const guest = await openPage(suite.browser, suite.server.url);
    await signUpAndLink(host.page, guest.page);
    const hostName: string = (await getJson(host.page, '/api/me')).user.username;
    const guestName: string = (await getJson(guest.page, '/api/me')).user.username;

    // The host turns Guess my answer on above the levels and starts the free level.
    await host.page.goto('/games/would_you_rather/categories');
    await appReady(host.page);
    const toggle = host.page.getByRole('switch', { name: 'Guess my answer' });
    expect(await toggle.isChecked()).toBe(false);
    await host.page.getByText('Guess my answer', { exact: true }).click();
    await host.page.getByText(`Answer, then guess what ${guestName} said.`, { exact: false }).waitFor();
    expect(await toggle.isChecked()).toBe(true);
    expect(await seriousA11yViolations(host.page)).toEqual([]);
    await screenshot(host.page, 'guess-choice');
    await host.page
      .getByRole('link', { name: /^Start Game: / })
      .first()
      .click();
    await host.page.waitForURL(/\/games\/would_you_rather\/host-session\/[^/?]+$/);
    const sessionId = host.page.url().split('/').pop()!;
    await guest.page.goto(`/games/would_you_rather/session/${sessionId}`);
    for (const page of [host.page, guest.page]) await page.getByRole('group', { name: 'Your pick' }).waitFor();

    for (let i = 0; i < 10; i++) {
      // The host picks the first option and predicts the second; the guest picks the second on even items.
      await pick(host.page, guestName, 0, 1);
      await host.page.getByText(`Locked in. Waiting for ${guestName}…`, { exact: false }).waitFor();
      await guest.page.getByText(`${hostName} has answered. Your turn.`).waitFor();
      // Nothing of the host's picks is on the guest's screen before they answer.
      expect(await guest.page.getByText(`${hostName} chose`).count()).toBe(0);
      if (i === 0) {
        expect(await seriousA11yViolations(guest.page)).toEqual([]);
        await screenshot(guest.page, 'guess-predict-your-turn');
      }
      await pick(guest.page, hostName, i % 2 === 0 ? 1 : 0, 0);
      await host.page.getByText(`${guestName} chose`).waitFor();
      await guest.page.getByText(`${hostName} chose`).waitFor();
      await host.page.getByText(`You guessed ${guestName} would pick`, { exact: false }).waitFor();
      const hostRight = i % 2 === 0;
      expect(await host.page.getByRole('list', { name: 'Who guessed right' }).textContent()).toContain(hostRight ? 'right!' : 'not this time.');
      expect(await guest.page.getByRole('list', { name: 'Who guessed right' }).textContent()).toMatch(/You guessed .* would pick .*: right!/);
      if (i === 0) {
        expect(await seriousA11yViolations(host.page)).toEqual([]);
        await screenshot(host.page, 'guess-predict-reveal');
      }
      await host.page.getByRole('button', { name: /^Next/ }).click();
      if (i < 9) await guest.page.getByText(`Question ${i + 2} of 10`).waitFor();
    }

    // Both completion dialogs score how well each knew the other, naming the partner.
    for (const [page, partner, knew, knewMe] of [
      [host.page, guestName, 5, 10],
      [guest.page, hostName, 10, 5],
    ] as const) {
      const dialog = page.getByRole('dialog', { name: 'Would You Rather Complete!' });
      await dialog.waitFor();
      const scores = dialog.getByRole('region', { name: 'How well you know each other' });
      expect(await scores.textContent()).toContain(`You knew ${partner} ${knew} of 10 times`);
      expect(await scores.textContent()).toContain(`${partner} knew you ${knewMe} of 10 times`);
      // 15 of 20 together: a warm verdict for both.
      expect(await scores.textContent()).toContain('You know each other well, with a few surprises left.');
    }
    expect(await seriousA11yViolations(guest.page)).toEqual([]);
    await screenshot(guest.page, 'guess-completion');
    expect(host.errors).toEqual([]);
    expect(guest.errors).toEqual([]);
  });

  it('plays a written round of questions at their own pace: one answers, the other guesses, the answerer marks it', async () => {
    const host = await openPage(suite.browser, suite.server.url);
    const guest = await openPage(suite.browser, suite.server.url);
    await signUpAndLink(host.page, guest.page);
    const hostName: string = (await getJson(host.page, '/api/me')).user.username;
    const guestName: string = (await getJson(guest.page, '/api/me')).user.username;

    // The switch is on the hub too; the choice travels with the address to a category's levels.
    await host.page.goto('/questions?pace=own');
    await appReady(host.page);
    await host.page.getByText('Guess my answer', { exact: true }).click();
    // The switch follows the address, which the router updates after the tap: wait for it, as a person sees it.
    await host.page.getByRole('switch', { name: 'Guess my answer', checked: true }).waitFor({ state: 'attached' });
    const { categories } = await getJson(host.page, '/api/games/questions/categories');
    const open = categories.find((c: { levels: { lock: string }[] }) => c.levels.some((l) => l.lock === 'open'));
    await host.page.getByRole('link', { name: open.name, exact: true }).click();
    await host.page.waitForURL(/\/questions\/categories\/[^/]+\?.*guess=1/);
    expect(await host.page.getByRole('switch', { name: 'Guess my answer' }).isChecked()).toBe(true);
    await host.page
      .getByRole('link', { name: /^Start: / })
      .first()
      .click();
    await host.page.waitForURL(/\/questions\/session\/[^/?]+$/);
    const address = host.page.url();

    // The first question is the host's to answer; the partner guesses it.
    await host.page.getByText(`You answer this one. ${guestName} guesses what you wrote.`).waitFor();
    await host.page.getByLabel('Your answer').fill('A slow breakfast in the sun');
    await host.page.getByRole('button', { name: 'Submit Answer' }).click();
    await host.page.getByText(`Sent. Waiting for ${guestName}…`, { exact: false }).waitFor();

    await guest.page.goto(address);
    await guest.page.getByText(`${hostName} answers this one in their own words. Guess what they will write.`).waitFor();
    expect(await guest.page.getByText('A slow breakfast in the sun').count()).toBe(0);
    await guest.page.getByLabel(`Your guess of ${hostName}'s answer`).fill('Breakfast outside');
    expect(await seriousA11yViolations(guest.page)).toEqual([]);
    await screenshot(guest.page, 'guess-written-guessing');
    await guest.page.getByRole('button', { name: 'Submit Guess' }).click();
    await guest.page.getByText('A slow breakfast in the sun').waitFor();
    await guest.page.getByText(`Waiting for ${hostName} to mark your guess.`).waitFor();

    // The host sees the guess beside the answer and marks it; the partner's screen says so at once.
    await host.page.getByText('Breakfast outside').waitFor();
    await host.page
      .getByRole('group', { name: `How close was ${guestName}?` })
      .getByRole('button', { name: 'Close' })
      .click();
    await host.page.getByRole('button', { name: 'Close', pressed: true }).waitFor();
    expect(await seriousA11yViolations(host.page)).toEqual([]);
    await screenshot(host.page, 'guess-written-mark');
    await guest.page.getByText(`${hostName} marked your guess: Close`).waitFor();
    expect(host.errors).toEqual([]);
    expect(guest.errors).toEqual([]);
  });
});
