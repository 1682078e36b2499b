import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, screenshot, seriousA11yViolations } from './support/browser';
import { postJson, signUpAndLink } from './support/flows';
import { choose, createSession, openSeats, playQuestion, watchAbortedSnapshotReads } from './support/session';
import { setupServerAndBrowser } from './support/suite';

const suite = setupServerAndBrowser();

/** The server holds a dropped player for this long before it announces them gone (docs/decisions/012). */
const SERVER_GRACE_MS = 5_000;

/** Records, in the page, whether any of `texts` is ever shown from now on (a toast lives 4 s: polling would miss it). */
async function watchForTexts(page: Page, texts: string[]) {
  await page.evaluate((watched) => {
    const seen = ((window as unknown as { __seen: string[] }).__seen = [] as string[]);
    const check = () => {
      for (const text of watched) if (!seen.includes(text) && document.body.innerText.includes(text)) seen.push(text);
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
    check();
  }, texts);
  return () => page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
}

/** When the page received each 'session:presence' push (watched from the page's first socket on). */
function presencePushTimes(page: Page) {
  const times: number[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      if (String(payload).includes('session:presence')) times.push(Date.now());
    }),
  );
  return times;
}

describe('presence during a level', () => {
  it('a reload is not a departure, a real one keeps the seat, and a level reads the snapshot without aborted requests or router warnings', async () => {
    const host = await openPage(suite.browser, suite.server.url);
    const guest = await openPage(suite.browser, suite.server.url);
    const hostPresencePushes = presencePushTimes(host.page);
    const aborted = [host, guest].map((w) => watchAbortedSnapshotReads(w.page));
    await signUpAndLink(host.page, guest.page);
    const id = await createSession(host.page);
    await openSeats(host.page, guest.page, id);

    // Issue 7, point 14: three questions played; the snapshot is read again on every push, and no read is cancelled.
    for (const n of [1, 2, 3]) {
      if (n === 2) {
        // Point 12, as decision 026 has it: the guest answers first and the host hears it by the guest's name; the
        // host's answer completes the pair, which the guest's board reveals, so the guest gets no toast at all.
        for (const p of [host.page, guest.page]) await p.getByText('Question 2 of 10').waitFor();
        const guestSaw = await watchForTexts(guest.page, ['New Answer', 'Response Submitted']);
        await choose(guest.page, 'B');
        await host.page.getByText(/^guest\d+ has submitted an answer$/).waitFor();
        await choose(host.page, 'A');
        await guest.page.getByText("Partner's Choice").first().waitFor();
        expect(await guestSaw()).toEqual([]);
        await host.page.getByRole('button', { name: /^Next/ }).click();
      } else await playQuestion(host.page, guest.page, n);
    }
    for (const p of [host.page, guest.page]) await p.getByText('Question 4 of 10').waitFor();
    expect(aborted.flat()).toEqual([]);
    for (const w of [host, guest]) expect(w.warnings.filter((m) => /HydrateFallback|React Router/.test(m))).toEqual([]);

    // Point 9: the guest reloads mid-level. The host never hears of it, and both play on.
    const hostSaw = await watchForTexts(host.page, ['Partner Disconnected', 'stepped away', 'Waiting for your partner to join']);
    const reloadedAt = Date.now();
    await guest.page.reload();
    await guest.page.getByText('Question 4 of 10').waitFor();
    await guest.page.locator('html[data-realtime="on"]').waitFor({ state: 'attached' });
    await choose(guest.page, 'A');
    await choose(host.page, 'A');
    await host.page.getByText('Both Chose This!').first().waitFor();
    // The server announces the room again when the guest's grace runs out: by then the host would have seen it.
    const graceOver = () => hostPresencePushes.some((t) => t >= reloadedAt + SERVER_GRACE_MS);
    await expect.poll(async () => graceOver() || (await hostSaw()).length > 0, { timeout: 15_000 }).toBe(true);
    expect(await hostSaw()).toEqual([]);
    expect(guest.warnings.filter((m) => /HydrateFallback/.test(m))).toEqual([]);
    await host.page.getByRole('button', { name: /^Next/ }).click();
    for (const p of [host.page, guest.page]) await p.getByText('Question 5 of 10').waitFor();

    // Point 10: the guest really leaves mid-level. The host's banner says they are away and their place is kept,
    // not the pre-game text; the question stays on screen.
    await guest.page.goto('/games');
    await host.page.getByText('Your partner stepped away…').waitFor();
    await host.page.getByText('Their place is kept').waitFor();
    await host.page.getByText('Partner Disconnected').waitFor();
    expect(await host.page.getByText('The first question appears as soon as they arrive').count()).toBe(0);
    await host.page.getByText('Question 5 of 10').waitFor();
    await host.page.getByRole('button', { name: /^Option A:/ }).waitFor();
    expect(await seriousA11yViolations(host.page)).toEqual([]);
    await screenshot(host.page, 'session-partner-away');
    await guest.page.goto(`/games/would_you_rather/session/${id}`);
    await guest.page.getByText('Question 5 of 10').waitFor();
    await host.page.getByText('Your partner stepped away…').waitFor({ state: 'detached' });

    // Read-only (decisions 012): once they unlink, both still see the session, calmly, and cannot play.
    expect((await postJson(host.page, '/api/partner/unlink')).status).toBe(200);
    for (const p of [host.page, guest.page]) {
      await p.getByText('This session is read-only').waitFor();
      expect(await p.getByText(/Waiting for your partner|stepped away/).count()).toBe(0);
      expect(await p.getByRole('button', { name: 'Copy Link' }).count()).toBe(0);
    }
    await guest.page.getByText('Neither of you answered this one.').waitFor();
    for (const option of await guest.page.getByRole('button', { name: /^Option [AB]:/ }).all()) expect(await option.getAttribute('aria-disabled')).toBe('true');
    await guest.page.keyboard.press('2');
    expect(await guest.page.getByText('Not sent yet').or(guest.page.getByText('Your Choice')).count()).toBe(0);
    expect(await seriousA11yViolations(guest.page)).toEqual([]);
    await screenshot(guest.page, 'session-read-only');

    expect(host.errors).toEqual([]);
    expect(guest.errors).toEqual([]);
    for (const w of [host, guest]) await w.context.close();
  });
});
