import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MOBILE, openPage, screenshot, seriousA11yViolations, settle } from './support/browser';
import { signUpAndLink } from './support/flows';
import { createSession, openSeats } from './support/session';
import { setupServerAndBrowser } from './support/suite';

const suite = setupServerAndBrowser();

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const insideViewport = (box: Box) => box.x >= 0 && box.y >= 0 && box.x + box.width <= MOBILE.width && box.y + box.height <= MOBILE.height;
const boxOf = async (locator: Locator) => (await locator.boundingBox())!;

/** The visible toast with this title: where it is on screen. */
const toastBox = (page: Page, title: string) => boxOf(page.locator('[data-sonner-toast]', { hasText: title }).first());

describe('on a 390×844 phone', () => {
  it("puts the host's Next and the partner's wait in view without scrolling, and toasts over nothing needed", async () => {
    const host = await openPage(suite.browser, suite.server.url, MOBILE, { touch: true });
    const guest = await openPage(suite.browser, suite.server.url, MOBILE, { touch: true });
    await signUpAndLink(host.page, guest.page);
    const id = await createSession(host.page);
    await openSeats(host.page, guest.page, id);
    for (const p of [host.page, guest.page]) await p.getByText('Question 1 of 10').waitFor();
    // The guest answers first: the host hears it by name in one toast, placed over no heading and no control.
    await guest.page.keyboard.press('2');
    await host.page.getByText(/^guest\d+ has submitted an answer$/).waitFor();
    await settle(host.page);
    const toast = await toastBox(host.page, 'New Answer');
    expect(await host.page.locator('[data-sonner-toast]').count()).toBe(1);
    // Footer links below the game are not what a player is using; headings and buttons are.
    const headingsAndControls = host.page.locator('main h1, main h2, main h3, button:visible');
    expect(await headingsAndControls.count()).toBeGreaterThan(3);
    for (const needed of await headingsAndControls.all()) {
      const box = await needed.boundingBox();
      if (box && insideViewport(box) && !(await needed.evaluate((el) => !!el.closest('[data-sonner-toast]'))))
        expect(overlaps(toast, box), await needed.evaluate((el) => el.outerHTML.slice(0, 120))).toBe(false);
    }
    await host.page.screenshot({ path: 'test-results/screenshots/phone-partner-answered-toast.png' });

    // By keyboard: a tap would let Playwright scroll the option into view first, and the check is that the app puts
    // the reveal and Next in view itself. The pair is complete: the toast is out of date and goes.
    await host.page.keyboard.press('1');
    const next = host.page.getByRole('button', { name: /^Next/ });
    await next.waitFor();
    await guest.page.getByText('Waiting for Host').waitFor();
    await host.page.locator('[data-sonner-toast]').waitFor({ state: 'detached' });
    await settle(host.page);
    expect(insideViewport(await boxOf(next))).toBe(true);
    expect(insideViewport(await boxOf(host.page.getByText("Partner's Choice").first()))).toBe(true);
    expect(overlaps(await boxOf(next), await boxOf(host.page.getByText("Partner's Choice").first()))).toBe(false);
    expect(insideViewport(await boxOf(guest.page.getByText('Waiting for Host')))).toBe(true);
    expect(await seriousA11yViolations(host.page)).toEqual([]);
    await host.page.screenshot({ path: 'test-results/screenshots/phone-next-in-view.png' });
    await screenshot(host.page, 'phone-next');
    await next.tap();
    for (const p of [host.page, guest.page]) await p.getByText('Question 2 of 10').waitFor();

    for (const w of [host, guest]) {
      expect(w.errors).toEqual([]);
      await w.context.close();
    }
  });

  it('logs out from the account menu opened over the phone menu: /login and the toast, nothing behind it tapped', async () => {
    const me = await openPage(suite.browser, suite.server.url, MOBILE, { touch: true });
    const partner = await openPage(suite.browser, suite.server.url, MOBILE, { touch: true });
    await signUpAndLink(me.page, partner.page);
    const { page } = me;
    await page.goto('/');
    await page.getByRole('heading', { name: /^Hello, .+ & / }).waitFor();

    // Point 13: your initials are whole, not under your partner's avatar.
    const account = page.getByRole('button', { name: /Account menu/ });
    const avatars = account.locator('span[aria-hidden]');
    await expect.poll(() => avatars.count()).toBe(2);
    const [mine, theirs] = await avatars.all();
    const myBox = await boxOf(mine);
    const onMyRightEdge = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent, { x: myBox.x + myBox.width - 3, y: myBox.y + myBox.height / 2 });
    expect(onMyRightEdge).toBe(await mine.textContent());
    expect(await theirs.textContent()).not.toBe(await mine.textContent());

    // A phone's CPU, not a desktop's: the race between the log-out and the next screen shows up as it does there.
    await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await page.locator('#mobile-nav').waitFor();
    await account.tap();
    const logOut = page.getByRole('menuitem', { name: 'Log out' });
    await logOut.waitFor();
    await screenshot(page, 'phone-account-menu');
    await logOut.tap();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Logged out successfully').waitFor();
    await settle(page);
    // Still there once the toast has been seen: nothing else took the tap and moved on.
    expect(new URL(page.url()).pathname).toBe('/login');
    const toast = await toastBox(page, 'Logged out successfully');
    const header = await boxOf(page.locator('header').first());
    expect(overlaps(toast, header)).toBe(false);
    await screenshot(page, 'phone-logged-out');

    expect(me.errors).toEqual([]);
    for (const w of [me, partner]) await w.context.close();
  });

  it("says 'Invalid Session' for a session address without an id, and goes to the games", async () => {
    const a = await openPage(suite.browser, suite.server.url, MOBILE, { touch: true });
    const b = await openPage(suite.browser, suite.server.url, MOBILE, { touch: true });
    await signUpAndLink(a.page, b.page);
    for (const path of ['/games/would_you_rather/session/', '/games/would_you_rather/host-session', '/questions/session/']) {
      await a.page.goto(path);
      await a.page.waitForURL((url) => url.pathname === '/games');
      await a.page.getByText('No session ID provided. Redirecting to games page.').waitFor();
      expect(await a.page.getByText('Error 404').count()).toBe(0);
    }
    await screenshot(a.page, 'phone-invalid-session');
    expect(a.errors).toEqual([]);
    for (const w of [a, b]) await w.context.close();
  });
});
