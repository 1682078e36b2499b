import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DESKTOP, openPage, screenshot, seriousA11yViolations } from './support/browser';
import { postJson, signUpAndLink } from './support/flows';
import { startAndInviteThroughBell } from './support/session';
import { setupServerAndBrowser } from './support/suite';

const suite = setupServerAndBrowser();

/** Each question's options and correct answer, from the content (a player cannot see it before answering). */
const questions = new Map<string, { options: string[]; correct_answer: string }>(
  readdirSync('content/couple_quiz').flatMap((file) =>
    (JSON.parse(readFileSync(`content/couple_quiz/${file}`, 'utf8')) as { levels: { items: { question: string; options: string[]; correct_answer: string }[] }[] }).levels.flatMap(
      (level) => level.items.map((item) => [item.question, item] as const),
    ),
  ),
);

describe('Couple Quiz, two players', () => {
  it('plays a level by keyboard from the level list and the bell: right and wrong, Next Question then Finish Quiz, the completion dialog, level 2 opens', async () => {
    const host = await openPage(suite.browser, suite.server.url);
    const guest = await openPage(suite.browser, suite.server.url, DESKTOP);
    await signUpAndLink(host.page, guest.page);
    // A Gold couple: level 2 opens once level 1 is complete.
    expect((await postJson(host.page, '/api/test/grant-gold')).status).toBe(200);

    // The host picks the first category and its first level.
    await host.page.goto('/games/couple_quiz/categories');
    await host.page
      .getByRole('link', { name: /Famous Couples/ })
      .first()
      .click();
    await host.page.getByRole('heading', { name: /Famous Couples: Select Level/ }).waitFor();
    expect(await seriousA11yViolations(host.page)).toEqual([]);
    await screenshot(host.page, 'quiz-levels');
    const sessionId = await startAndInviteThroughBell(host.page, guest.page, 'couple_quiz');

    for (let i = 0; i < 10; i++) {
      for (const p of [host.page, guest.page]) await p.getByText(`Question ${i + 1} of 10`).waitFor();
      const text = (await host.page.locator('#quiz-question').textContent())!;
      const item = questions.get(text)!;
      expect(item).toBeDefined();
      const right = item.options.indexOf(item.correct_answer) + 1;
      const wrong = right === 1 ? 2 : 1;
      expect(await guest.page.locator('body').textContent()).not.toContain('The correct answer is');

      // Keyboard only: a digit picks, Enter submits.
      await host.page.getByRole('radio').first().waitFor();
      await host.page.keyboard.press(String(right));
      await host.page.keyboard.press('Enter');
      await host.page.getByText('Correct!').waitFor();
      await host.page.getByText(`The correct answer is ${item.correct_answer}.`).waitFor();
      await guest.page.keyboard.press(String(wrong));
      await guest.page.getByRole('button', { name: 'Submit Answer' }).click();
      await guest.page.getByText('Not quite!').waitFor();
      await guest.page.getByText('Waiting for Host').waitFor();
      await host.page.getByText(/answered “.*” \(wrong\)\./).waitFor();
      if (i === 0) {
        expect(await seriousA11yViolations(host.page)).toEqual([]);
        expect(await seriousA11yViolations(guest.page)).toEqual([]);
        await screenshot(host.page, 'quiz-reveal-host');
        await screenshot(guest.page, 'quiz-reveal-guest');
      }
      if (i === 4) {
        await host.page.reload();
        await host.page.getByText('Question 5 of 10').waitFor();
        await host.page.getByText('Correct!').waitFor();
      }
      await host.page.getByRole('button', { name: i === 9 ? 'Finish Quiz' : 'Next Question' }).click();
    }

    for (const [p, verdict] of [
      [host.page, 'You win!'],
      [guest.page, 'Your partner wins!'],
    ] as const) {
      const dialog = p.getByRole('dialog', { name: 'Couple Quiz Complete!' });
      await dialog.waitFor();
      await dialog.getByText(verdict).waitFor();
    }
    await screenshot(host.page, 'quiz-complete');

    // Back on the level list, level 2 is open for this Gold couple.
    await host.page
      .getByRole('dialog')
      .getByRole('link', { name: 'Return to Level Selection' })
      .or(host.page.getByRole('dialog').getByRole('button', { name: 'Return to Level Selection' }))
      .click();
    await host.page.getByRole('heading', { name: /Famous Couples: Select Level/ }).waitFor();
    await host.page
      .getByRole('link', { name: /Start Game/ })
      .nth(1)
      .waitFor();

    // The partner's dashboard counts the quiz and links to its memory from Recent Moments, and on to the session.
    await guest.page.goto('/');
    await guest.page.getByRole('link', { name: /^Couple Quiz\s*session,/ }).click();
    await guest.page.waitForURL(new RegExp(`/memories/sessions/${sessionId}$`));
    await guest.page.getByRole('link', { name: 'Open the session' }).click();
    await guest.page.waitForURL(new RegExp(`/games/couple_quiz/session/${sessionId}$`));
    await guest.page.getByRole('dialog', { name: 'Couple Quiz Complete!' }).or(guest.page.getByText('Your partner wins!')).first().waitFor();
    expect(host.errors).toEqual([]);
    expect(guest.errors).toEqual([]);
    for (const ctx of [host.context, guest.context]) await ctx.close();
  });
});
