/**
 * The daily question, as a couple meets it on two phones, days apart: the same question on both dashboards, each
 * answers in their own words, the other's answer shows only once both have answered; a day later a new question, and
 * yesterday's still answerable on /daily.
 */
import { describe, expect, it } from 'vitest';
import { MOBILE, openPage, screenshot, seriousA11yViolations } from './support/browser';
import { apiIn, signUpAndLink } from './support/flows';
import { setupServerAndBrowser } from './support/suite';

const suite = setupServerAndBrowser();
const DAY_MS = 24 * 60 * 60 * 1000;

describe('the daily question', () => {
  it('is the same for both, hidden until both answered, revealed on both screens, and waits a day later', async () => {
    const a = await openPage(suite.browser, suite.server.url, MOBILE, { touch: true });
    const b = await openPage(suite.browser, suite.server.url, MOBILE, { touch: true });
    await signUpAndLink(a.page, b.page);
    for (const { page } of [a, b]) {
      await page.goto('/');
      await page.locator('html[data-realtime="on"]').waitFor({ state: 'attached' });
    }
    const todayOf = async (page: typeof a.page) => (await apiIn(page).send('GET', '/api/daily')).json as { today: string; days: { day: string; question: { text: string } }[] };
    const [dayA, dayB] = [await todayOf(a.page), await todayOf(b.page)];
    const question = dayA.days[0].question.text;
    expect(question.length).toBeGreaterThan(5);
    expect(dayB.days[0].question.text).toBe(question);
    for (const { page } of [a, b]) await page.getByRole('heading', { name: question }).waitFor();
    await screenshot(a.page, 'daily-your-turn');

    // A answers first: B's screen says A has answered, and nothing of A's words.
    const wordsA = 'The night we missed the last train and walked home laughing.';
    await a.page.getByLabel('Your answer').first().fill(wordsA);
    await a.page.getByRole('button', { name: 'Share my answer' }).first().tap();
    await a.page
      .getByText(/will see your answer once they have answered/)
      .first()
      .waitFor();
    await b.page
      .getByText(/has answered\. Yours will reveal both\./)
      .first()
      .waitFor();
    expect(await b.page.content()).not.toContain(wordsA);
    expect(JSON.stringify((await apiIn(b.page).send('GET', '/api/daily')).json)).not.toContain(wordsA);
    await screenshot(a.page, 'daily-waiting');
    await screenshot(b.page, 'daily-partner-answered');

    // B answers: both see both answers, live.
    const wordsB = 'Our first trip to the sea, when it rained all week and we did not mind.';
    await b.page.getByLabel('Your answer').first().fill(wordsB);
    await b.page.getByRole('button', { name: 'Share my answer' }).first().tap();
    for (const { page } of [a, b]) {
      await page.getByText(wordsA).first().waitFor();
      await page.getByText(wordsB).first().waitFor();
    }
    await a.page
      .getByText(/You've answered together on 1 day this month/)
      .first()
      .waitFor();
    expect(await seriousA11yViolations(a.page)).toEqual([]);
    await screenshot(b.page, 'daily-revealed');

    // A day later, one partner alone: a new question, and yesterday's still there on /daily.
    await apiIn(a.page).send('POST', '/api/test/clock', { body: { advanceMs: DAY_MS } });
    await a.page.goto('/daily');
    await a.page.getByRole('heading', { name: 'Daily questions' }).waitFor();
    const later = await todayOf(a.page);
    expect(later.days.length).toBeGreaterThanOrEqual(2);
    expect(later.days[0].question.text).not.toBe(question);
    await a.page.getByText("Yesterday's question").first().waitFor();
    await a.page.getByText(wordsB).first().waitFor();
    expect(await seriousA11yViolations(a.page)).toEqual([]);
    await screenshot(a.page, 'daily-page-next-day');

    for (const w of [a, b]) {
      expect(w.errors).toEqual([]);
      await w.context.close();
    }
  });
});
