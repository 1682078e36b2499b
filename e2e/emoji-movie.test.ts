import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DESKTOP, openPage, screenshot, seriousA11yViolations } from './support/browser';
import { signUpAndLink } from './support/flows';
import { startAndInviteThroughBell } from './support/session';
import { setupServerAndBrowser } from './support/suite';

const suite = setupServerAndBrowser();

/** The title of each emoji sequence, from the content (a player cannot see it before answering). */
const titles = new Map<string, string>(
  readdirSync('content/emoji_movie').flatMap((file) =>
    (JSON.parse(readFileSync(`content/emoji_movie/${file}`, 'utf8')) as { levels: { items: { emoji_sequence: string; movie_title: string }[] }[] }).levels.flatMap((level) =>
      level.items.map((item) => [item.emoji_sequence, item.movie_title] as const),
    ),
  ),
);

describe('Emoji Movie, two players', () => {
  it('plays a level: the host right, the partner wrong, banners, Next Question, the completion dialog with scores', async () => {
    const host = await openPage(suite.browser, suite.server.url);
    const guest = await openPage(suite.browser, suite.server.url, DESKTOP);
    await signUpAndLink(host.page, guest.page);

    // A free couple: Action's level 1 is the free emoji level; level 2 offers the upgrade, which leads to /pricing.
    for (const p of [host.page, guest.page]) {
      await p.goto('/games/emoji_movie/categories/action/levels');
      await p.getByRole('heading', { name: 'Action: Select Level' }).waitFor();
      await p
        .getByRole('link', { name: /Start Game/ })
        .first()
        .waitFor();
    }
    expect(await host.page.getByRole('link', { name: /Start Game/ }).count()).toBe(1);
    expect(await seriousA11yViolations(host.page)).toEqual([]);
    await screenshot(host.page, 'emoji-levels');
    await guest.page
      .getByRole('link', { name: /Get Lifetime Gold/ })
      .first()
      .click();
    await guest.page.waitForURL(/\/pricing$/);

    // The host starts level 1 and invites the partner through the bell.
    await startAndInviteThroughBell(host.page, guest.page, 'emoji_movie');

    for (let i = 0; i < 10; i++) {
      for (const p of [host.page, guest.page]) await p.getByText(`Question ${i + 1} of 10`).waitFor();
      const clue = (await host.page.getByLabel(/^Emoji clue:/).textContent())!;
      const title = titles.get(clue);
      expect(title).toBeDefined();
      // The host types the title in lower case and presses Enter; the input locks and the banner says so.
      const input = host.page.getByLabel('Movie title');
      await input.fill(`  ${title!.toLowerCase()} `);
      await input.press('Enter');
      await host.page.getByText('Correct!').waitFor();
      expect(await input.getAttribute('readonly')).not.toBeNull();
      // The partner's screen never had the title before answering.
      expect(await guest.page.locator('body').textContent()).not.toContain(title);
      await guest.page.getByLabel('Movie title').fill('Not A Real Movie');
      await guest.page.getByRole('button', { name: 'Submit Answer' }).click();
      await guest.page.getByText('Not quite!').waitFor();
      await guest.page.getByText('Waiting for Host').waitFor();
      await host.page.getByLabel('Both answers').getByText('Not A Real Movie').waitFor();
      if (i === 0) {
        expect(await seriousA11yViolations(host.page)).toEqual([]);
        expect(await seriousA11yViolations(guest.page)).toEqual([]);
        await screenshot(host.page, 'emoji-reveal-host');
        await screenshot(guest.page, 'emoji-reveal-guest');
      }
      if (i === 4) {
        await guest.page.reload();
        await guest.page.getByText('Question 5 of 10').waitFor();
        await guest.page.getByText('Not quite!').waitFor();
      }
      await host.page.getByRole('button', { name: 'Next Question' }).click();
    }

    for (const [p, verdict] of [
      [host.page, 'You win!'],
      [guest.page, 'Your partner wins!'],
    ] as const) {
      const dialog = p.getByRole('dialog', { name: 'Emoji Movie Complete!' });
      await dialog.waitFor();
      await dialog.getByText(verdict).waitFor();
    }
    expect(await host.page.getByRole('dialog').getByText('10', { exact: true }).count()).toBe(1);
    await screenshot(guest.page, 'emoji-complete');
    expect(host.errors).toEqual([]);
    expect(guest.errors).toEqual([]);
    for (const ctx of [host.context, guest.context]) await ctx.close();
  });
});
