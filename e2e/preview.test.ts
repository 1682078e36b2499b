import { describe, expect, it } from 'vitest';
import { movieRounds, pizzaOptions, quizQuestions } from '@core/preview-content';
import { openPage, screenshot } from './support/browser';
import { newCredentials, signUpThroughForm } from './support/flows';
import { setupServerAndBrowser } from './support/suite';

const suite = setupServerAndBrowser();

describe('the public preview', () => {
  it('takes a new visitor from / through all 7 steps to signing up', async () => {
    const { page, context, errors } = await openPage(suite.browser, suite.server.url);
    await page.goto('/');
    await page.waitForURL('**/flow/1');
    await page.getByText('1 of 6 free previews').waitFor();
    await screenshot(page, 'flow-step-1');

    // Step 1: Continue stays off until the answer has text.
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await page.getByLabel('Your answer').fill('   ');
    expect(await continueButton.isDisabled()).toBe(true);
    await page.getByLabel('Your answer').fill('A cottage in Lisbon');
    await continueButton.click();

    // Step 2: picking an option advances.
    await page.waitForURL('**/flow/2');
    await page.getByRole('button', { name: pizzaOptions.a }).click();

    // Step 3: Enter submits a non-blank answer.
    await page.waitForURL('**/flow/3');
    await page.getByLabel('Your answer').fill('How you dance while cooking');
    await page.getByLabel('Your answer').press('Enter');

    // Step 4: three rounds of Guess the Movie.
    await page.waitForURL('**/flow/4');
    for (const [round, movie] of movieRounds.entries()) {
      // The engine's title matching: "lion king" is right for "The Lion King", as in an Emoji Movie session.
      const guess = ['lion king', 'Jaws', movie.title.toUpperCase()][round];
      await page.getByLabel(`Your guess for round ${round + 1}`).fill(guess);
      await page.getByRole('button', { name: 'Submit Guess' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(round === 1 ? 'Not quite!' : 'Correct!').waitFor();
      await dialog.getByText(movie.title).first().waitFor();
      if (round === 0) await screenshot(page, 'flow-step-4-dialog');
      await dialog.getByRole('button', { name: 'Continue' }).click();
    }

    // Step 5, then the quiz of step 6.
    await page.waitForURL('**/flow/5');
    await page.getByLabel('Your answer').fill('Hike the Camino together');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/flow/6');
    for (const q of quizQuestions) {
      await page.getByRole('button', { name: q.options[q.options.length - 1], exact: true }).click();
    }

    // Step 7: the report.
    await page.waitForURL('**/flow/7');
    await page.getByRole('heading', { name: 'Your Relationship Profile' }).waitFor();
    await page.getByText('A cottage in Lisbon').waitFor();
    await page.getByText('Hike the Camino together').waitFor();
    await page.getByText('2/3').or(page.getByText('2 of 3')).or(page.getByText('2 out of 3')).first().waitFor();
    expect(await page.getByRole('link', { name: 'Unlock 1500+ More Questions & Games' }).count()).toBe(2);
    await page.getByRole('button', { name: /copy/i }).click();
    await page.getByText('Copied!').waitFor();
    await screenshot(page, 'flow-step-7');

    await page.getByRole('link', { name: 'Unlock 1500+ More Questions & Games' }).first().click();
    await page.waitForURL('**/signup');
    const creds = newCredentials('flow');
    await signUpThroughForm(page, creds);
    await page.getByRole('heading', { name: `Welcome, ${creds.username}!` }).waitFor();

    // A signed-in user is sent from the preview to the home screen.
    await page.goto('/flow/3');
    await page.waitForURL((url) => url.pathname === '/');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends an invalid step to /flow/1', async () => {
    const { page, context, errors } = await openPage(suite.browser, suite.server.url);
    for (const bad of ['/flow', '/flow/0', '/flow/8', '/flow/abc', '/flow/2.5']) {
      await page.goto(bad);
      await page.waitForURL('**/flow/1');
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
