import { describe, expect, it } from 'vitest';
import { openPage, screenshot } from './support/browser';
import { getJson, signUpAndLink } from './support/flows';
import { choose, createSession, openSeats, playQuestion } from './support/session';
import { setupRestartableServer } from './support/suite';

/**
 * Issue 7, point 8: a graceful restart of the server (SIGTERM, then the same data folder and port) mid-level.
 * Both players tap an answer while their pages say "Reconnecting…". Neither is thrown out to the error screen:
 * the taps are kept on the page, shown as not sent yet, and sent when the connection is back.
 */
const suite = setupRestartableServer('offline-answer');

describe('an answer given while the server restarts', () => {
  it('is kept on the page, sent after the reconnect, and nobody lands on the error screen', async () => {
    const host = await openPage(suite.browser, suite.server.url);
    const guest = await openPage(suite.browser, suite.server.url);
    await signUpAndLink(host.page, guest.page);
    const id = await createSession(host.page);
    await openSeats(host.page, guest.page, id);
    for (const n of [1, 2]) await playQuestion(host.page, guest.page, n);
    for (const p of [host.page, guest.page]) await p.getByText('Question 3 of 10').waitFor();

    await suite.server.stop('SIGTERM');
    for (const p of [host.page, guest.page]) await p.getByText('Reconnecting…').waitFor();

    // The guest taps during the outage, the host too (and changes their mind: the last pick is the one sent).
    await choose(guest.page, 'A');
    await guest.page.getByText("Saved. It will be sent when you're back online.").waitFor();
    await guest.page.getByText('Not sent yet').waitFor();
    await choose(host.page, 'A');
    await choose(host.page, 'B');
    await host.page.getByText("Saved. It will be sent when you're back online.").waitFor();
    await screenshot(guest.page, 'offline-answer-kept');
    for (const p of [host.page, guest.page]) {
      expect(await p.getByText('Something went wrong').count()).toBe(0);
      expect(p.url()).toContain(`/${id}`);
    }

    await suite.restart();
    // Nobody reloads: the pages reconnect by themselves and send what they kept.
    for (const p of [host.page, guest.page]) await p.locator('html[data-realtime="on"]').waitFor({ state: 'attached', timeout: 30_000 });
    await expect.poll(async () => (await getJson(guest.page, `/api/sessions/${id}`)).answers, { timeout: 15_000 }).toMatchObject({ mine: 'a', partner: 'b', bothAnswered: true });

    // Both screens show the reveal of the two kept answers, on the same question, and the game goes on.
    await host.page.getByText("Partner's Choice").first().waitFor();
    await guest.page.getByText("Partner's Choice").first().waitFor();
    for (const p of [host.page, guest.page]) {
      await p.getByText('Question 3 of 10').waitFor();
      expect(await p.getByText('Not sent yet').count()).toBe(0);
      expect(await p.getByText('Something went wrong').count()).toBe(0);
    }
    await host.page.getByRole('button', { name: /^Next/ }).click();
    for (const p of [host.page, guest.page]) await p.getByText('Question 4 of 10').waitFor();

    // Refused connections while the server was away are expected in the console; a crash of the page is not.
    for (const w of [host, guest]) expect(w.errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });
});
