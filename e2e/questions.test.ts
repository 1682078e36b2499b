import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, openPage, screenshot, seriousA11yViolations } from './support/browser';
import { apiIn, getJson, newCredentials, postJson, signUpAndLink, signUpThroughForm } from './support/flows';
import { startAndInviteThroughBell } from './support/session';
import { setupServerAndBrowser } from './support/suite';

const suite = setupServerAndBrowser();

const ITEMS = 20;
const usernameOf = async (page: Page): Promise<string> => (await getJson(page, '/api/me')).user.username;
const answerField = (page: Page) => page.getByLabel('Your answer');
const bothAnswers = (page: Page) => page.locator('dl[aria-label="Both answers"]');

/** Writes an answer and sends it: by Ctrl+Enter, or with the button. */
async function answer(page: Page, text: string, by: 'keys' | 'button' = 'button') {
  await answerField(page).fill(text);
  if (by === 'keys') await answerField(page).press('Control+Enter');
  else await page.getByRole('button', { name: 'Submit Answer' }).click();
}

describe('Question sessions, two players', () => {
  it('browse /questions, a locked level to /pricing, start a level, invite through the bell, answer, edit, reveal, reload, finish, next level open', async () => {
    const host = await openPage(suite.browser, suite.server.url);
    const guest = await openPage(suite.browser, suite.server.url, DESKTOP);
    await signUpAndLink(host.page, guest.page);
    const [hostName, guestName] = [await usernameOf(host.page), await usernameOf(guest.page)];

    // /questions on the free plan: the categories, one of them free, the others behind Gold.
    await host.page.goto('/questions');
    const cards = host.page.getByRole('list', { name: 'Question categories' }).getByRole('listitem');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(10);
    await host.page.getByText('The free plan opens one level of questions.').waitFor();
    expect(await seriousA11yViolations(host.page)).toEqual([]);
    await screenshot(host.page, 'questions-categories');

    // Another category's level needs Gold: its card opens the levels, and the level sends a free user to /pricing.
    await host.page.getByRole('link', { name: 'Money Talk' }).click();
    await host.page.getByRole('heading', { name: 'Money Talk: Select Level' }).waitFor();
    await host.page.getByRole('link', { name: 'Get Lifetime Gold to play Small Change' }).click();
    await host.page.waitForURL(/\/pricing$/);

    // A Gold couple: the next level opens once this one is complete.
    expect((await postJson(host.page, '/api/test/grant-gold')).status).toBe(200);
    await host.page.goto('/questions');
    await host.page.getByRole('link', { name: 'Getting Closer' }).click();
    await host.page.waitForURL(/\/questions\/categories\/[^/]+$/);
    await host.page.getByRole('heading', { name: 'Getting Closer: Select Level' }).waitFor();
    await host.page.getByText('Light', { exact: true }).waitFor();
    expect(await seriousA11yViolations(host.page)).toEqual([]);
    await screenshot(host.page, 'questions-levels');
    const sessionId = await startAndInviteThroughBell(host.page, guest.page, 'questions');

    for (let i = 0; i < ITEMS; i++) {
      for (const p of [host.page, guest.page]) await p.getByText(`Question ${i + 1} of ${ITEMS}`).waitFor();
      const first = `Host's thought on question ${i + 1}`;
      const second = `Guest's thought on question ${i + 1}`;
      await answer(host.page, first, 'keys');
      await host.page.getByText(`Waiting for ${guestName} to answer…`).waitFor();

      if (i === 0) {
        // The guest hears that the host answered, never what: not before answering.
        await guest.page.getByText(`${hostName} has answered. Your turn!`).waitFor();
        expect(await guest.page.locator('body').textContent()).not.toContain(first);
        // Until the guest answers, the host may change theirs; the new one replaces it.
        await host.page.getByRole('button', { name: 'Edit answer' }).click();
        await answerField(host.page).fill(`${first}, edited`);
        await host.page.getByRole('button', { name: 'Submit Answer' }).click();
        await host.page.getByText(`${first}, edited`).waitFor();
        await host.page.getByText('Sent', { exact: true }).waitFor();
        expect(await seriousA11yViolations(host.page)).toEqual([]);
        expect(await seriousA11yViolations(guest.page)).toEqual([]);
        await screenshot(host.page, 'questions-board-waiting');
        await screenshot(guest.page, 'questions-board-your-turn');
        expect(await guest.page.locator('body').textContent()).not.toContain(first);
      }

      await answer(guest.page, second);
      const hostAnswer = i === 0 ? `${first}, edited` : first;
      for (const [p, partner] of [
        [host.page, guestName],
        [guest.page, hostName],
      ] as const) {
        const both = bothAnswers(p);
        await both.getByText(second).waitFor();
        await both.getByText(hostAnswer).waitFor();
        await both.getByText(partner, { exact: true }).waitFor();
        await both.getByText('You', { exact: true }).waitFor();
      }
      expect(await host.page.getByRole('button', { name: 'Edit answer' }).count()).toBe(0);
      await guest.page.getByText('Waiting for Host').waitFor();

      if (i === 0) {
        expect(await seriousA11yViolations(host.page)).toEqual([]);
        await screenshot(host.page, 'questions-reveal-host');
        await screenshot(guest.page, 'questions-reveal-guest');
      }
      if (i === 4) {
        // Mid-level the guest reloads: the same seat, the same question, both answers still there.
        await guest.page.reload();
        await guest.page.getByText(`Question 5 of ${ITEMS}`).waitFor();
        await bothAnswers(guest.page).getByText(second).waitFor();
        await guest.page.locator('html[data-realtime="on"]').waitFor({ state: 'attached' });
      }
      await host.page.getByRole('button', { name: i === ITEMS - 1 ? 'Finish' : 'Next Question' }).click();
    }

    for (const p of [host.page, guest.page]) {
      const dialog = p.getByRole('dialog', { name: 'Questions Complete!' });
      await dialog.waitFor();
      await dialog.getByText('Level 2: Deeper is now unlocked').waitFor();
      expect(await dialog.getByText('Your score').count()).toBe(0);
    }
    await screenshot(guest.page, 'questions-complete');

    // Back on the level list, level 2 is open for this Gold couple.
    await host.page.getByRole('dialog').getByRole('link', { name: 'Return to Level Selection' }).click();
    await host.page.getByRole('heading', { name: 'Getting Closer: Select Level' }).waitFor();
    await host.page.getByRole('link', { name: 'Start: Deeper' }).waitFor();

    // The guest's dashboard links the session's memory from Recent Moments, and on to the question session's address.
    await guest.page.goto('/');
    await guest.page.getByRole('link', { name: /^Questions\s*session,/ }).click();
    await guest.page.waitForURL(new RegExp(`/memories/sessions/${sessionId}$`));
    await guest.page.getByRole('link', { name: 'Open the session' }).click();
    await guest.page.waitForURL(new RegExp(`/questions/session/${sessionId}$`));
    expect(host.errors).toEqual([]);
    expect(guest.errors).toEqual([]);
    for (const ctx of [host.context, guest.context]) await ctx.close();
  }, 240_000);

  it('the consented link: an unpartnered user at an unpartnered creator’s question session is asked, may say not now, then links and plays', async () => {
    const creator = await openPage(suite.browser, suite.server.url, DESKTOP);
    const visitor = await openPage(suite.browser, suite.server.url);
    for (const [p, prefix] of [
      [creator.page, 'creator'],
      [visitor.page, 'visitor'],
    ] as const) {
      const creds = newCredentials(prefix);
      await p.goto('/signup');
      await signUpThroughForm(p, creds);
      await p.getByRole('heading', { name: `Welcome, ${creds.username}!` }).waitFor();
    }
    const [creatorName, visitorName] = [await usernameOf(creator.page), await usernameOf(visitor.page)];
    const sessionId = await apiIn(creator.page).createSession(undefined, { game: 'questions' });
    await creator.page.goto(`/questions/session/${sessionId}`);
    await creator.page.getByText('they can link with you and join in one step', { exact: false }).waitFor();

    // Asked, not linked: Not now goes back to /questions.
    await visitor.page.goto(`/questions/session/${sessionId}`);
    await visitor.page.getByRole('heading', { name: `Link with ${creatorName} and join?` }).waitFor();
    expect(await seriousA11yViolations(visitor.page)).toEqual([]);
    await screenshot(visitor.page, 'questions-link-offer');
    await visitor.page.getByRole('button', { name: 'Not now' }).click();
    await visitor.page.waitForURL(/\/questions$/);
    expect((await getJson(visitor.page, '/api/me')).user.partner).toBeNull();

    // Yes: linked, in the guest seat, and the two play the first question.
    await visitor.page.goto(`/questions/session/${sessionId}`);
    await visitor.page.getByRole('button', { name: 'Link and join' }).click();
    await visitor.page.getByText(`You're linked with ${creatorName}!`).waitFor();
    await visitor.page.getByText(`Question 1 of ${ITEMS}`).waitFor();
    expect((await getJson(visitor.page, '/api/me')).user.partner.username).toBe(creatorName);
    // The creator's screen, waiting for a partner, finds one: the new seat and the board arrive without a reload.
    await answerField(creator.page).waitFor();
    await creator.page.getByText(visitorName, { exact: true }).first().waitFor();

    await answer(creator.page, 'The way you hum while cooking.', 'keys');
    await visitor.page.getByText(`${creatorName} has answered. Your turn!`).waitFor();
    await answer(visitor.page, 'Your terrible puns, every single one.');
    for (const p of [creator.page, visitor.page]) {
      await bothAnswers(p).getByText('The way you hum while cooking.').waitFor();
      await bothAnswers(p).getByText('Your terrible puns, every single one.').waitFor();
    }
    await creator.page.getByRole('button', { name: 'Next Question' }).waitFor();
    expect(creator.errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
    for (const ctx of [creator.context, visitor.context]) await ctx.close();
  }, 120_000);
});
