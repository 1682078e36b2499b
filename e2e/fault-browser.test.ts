import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, screenshot } from './support/browser';
import { apiIn, getJson, signUpAndLink } from './support/flows';
import { setupRestartableServer } from './support/suite';

/**
 * The same crash as fault.test.ts, seen from the real app in two browsers: the server is killed with SIGKILL
 * mid-level, right after both players answered item 6, and started again on the same data folder. Both pages
 * notice, reconnect by themselves, show the committed answers, and the couple finishes the level.
 */
const suite = setupRestartableServer('fault-browser');

const choose = (page: Page, which: 'A' | 'B') => page.getByRole('button', { name: new RegExp(`^Option ${which}:`) }).click();

describe('a server crash mid-level, in the browser', () => {
  it('both pages reconnect by themselves, keep the committed answers, and finish the level', async () => {
    const host = await openPage(suite.browser, suite.server.url);
    const guest = await openPage(suite.browser, suite.server.url);
    await signUpAndLink(host.page, guest.page);
    const id = await apiIn(host.page).createSession();

    await host.page.goto(`/games/would_you_rather/host-session/${id}`);
    await guest.page.goto(`/games/would_you_rather/session/${id}`);
    for (const p of [host.page, guest.page]) await p.locator('html[data-realtime="on"]').waitFor({ state: 'attached' });

    for (let i = 1; i <= 6; i++) {
      for (const p of [host.page, guest.page]) await p.getByText(`Question ${i} of 10`).waitFor();
      await choose(host.page, 'A');
      await choose(guest.page, i === 6 ? 'A' : 'B');
      await host.page
        .getByText(i === 6 ? 'Both Chose This!' : "Partner's Choice")
        .first()
        .waitFor();
      if (i < 6) await host.page.getByRole('button', { name: /Next/ }).click();
    }
    await guest.page.getByText('Both Chose This!').first().waitFor();

    await suite.server.stop('SIGKILL');
    for (const p of [host.page, guest.page]) await p.locator('html[data-realtime="off"]').waitFor({ state: 'attached' });
    await guest.page.getByText('Reconnecting…').waitFor();
    await guest.page.getByText('Offline').waitFor();
    await screenshot(guest.page, 'fault-offline');

    await suite.restart();
    // Nobody reloads: the pages come back on their own (retries at 1, 2, 5, 10 s).
    for (const p of [host.page, guest.page]) await p.locator('html[data-realtime="on"]').waitFor({ state: 'attached', timeout: 30_000 });

    // Item 6's answers were committed before the crash: both are there, on both screens.
    const snapshot = await getJson(guest.page, `/api/sessions/${id}`);
    expect(snapshot.session.currentIndex).toBe(5);
    expect(snapshot.answers).toMatchObject({ mine: 'a', partner: 'a', bothAnswered: true });
    for (const p of [host.page, guest.page]) {
      await p.getByText('Question 6 of 10').waitFor();
      await p.getByText('Both Chose This!').first().waitFor();
    }

    // The guest rejoined the room: the host's Next reaches the guest's screen live.
    for (let i = 6; i <= 10; i++) {
      await host.page.getByRole('button', { name: i === 10 ? /Finish|Next/ : /Next/ }).click();
      if (i === 10) break;
      for (const p of [host.page, guest.page]) await p.getByText(`Question ${i + 1} of 10`).waitFor();
      await choose(host.page, 'B');
      await choose(guest.page, 'B');
      await host.page.getByText('Both Chose This!').first().waitFor();
    }
    for (const p of [host.page, guest.page]) await p.getByRole('dialog', { name: 'Would You Rather Complete!' }).waitFor();

    // Connection failures while the server was down are expected in the console; crashes of the page are not.
    for (const w of [host, guest]) expect(w.errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });
});
