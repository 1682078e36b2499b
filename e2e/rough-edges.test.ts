/**
 * Issue 18, as a couple on phones meets it: one invitation however often it is sent, and it ends when the partner
 * joins; a used link offers Log in; a refusal reads as a sentence, never a status; the screens a phone shows, pictured.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, openPage, screenshot, seriousA11yViolations, settle } from './support/browser';
import { apiIn, newCredentials, signUpAndLink, signUpThroughForm } from './support/flows';
import { createSession } from './support/session';
import { setupServerAndBrowser } from './support/suite';

const suite = setupServerAndBrowser();

/** Counts, in the page, every toast that appears with this title from now on (a toast replaced in place counts once). */
async function countToasts(page: Page, title: string) {
  await page.evaluate((watched) => {
    const seen = new Set<Element>();
    (window as unknown as { __toasts: () => number }).__toasts = () => seen.size;
    const check = () => {
      for (const toast of document.querySelectorAll('[data-sonner-toast]')) if (toast.textContent?.includes(watched)) seen.add(toast);
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
    check();
  }, title);
  return () => page.evaluate(() => (window as unknown as { __toasts: () => number }).__toasts());
}

describe('issue 18 on a phone', () => {
  it('keeps one invitation however often Invite Partner is tapped, and ends it when the partner joins', async () => {
    const host = await openPage(suite.browser, suite.server.url, MOBILE, { touch: true });
    const guest = await openPage(suite.browser, suite.server.url, MOBILE, { touch: true });
    await signUpAndLink(host.page, guest.page);
    await guest.page.goto('/');
    await guest.page.locator('html[data-realtime="on"]').waitFor({ state: 'attached' });
    const newInvitationToasts = await countToasts(guest.page, 'New Invitation');

    const id = await createSession(host.page);
    await host.page.goto(`/games/would_you_rather/host-session/${id}`);
    await host.page.getByText('Waiting for your partner to join…').waitFor();
    await host.page.locator('html[data-realtime="on"]').waitFor({ state: 'attached' });
    const invite = host.page.getByRole('button', { name: 'Invite Partner' }).first();
    for (const [n, said] of [
      [1, 'Invitation sent to your partner.'],
      [2, 'Invitation sent again'],
      [3, 'Invitation sent again'],
    ] as const) {
      const sent = host.page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/session-invites');
      await invite.tap();
      expect((await sent).status(), `send ${n}`).toBe(201);
      await host.page.getByText(said).first().waitFor();
    }

    // The guest's bell holds one invitation, announced by one toast.
    const bell = guest.page.getByRole('button', { name: /Invitations, 1 pending/ });
    await bell.waitFor();
    expect(await newInvitationToasts()).toBe(1);
    await bell.tap();
    await guest.page.getByRole('button', { name: 'Accept' }).waitFor();
    expect(await guest.page.getByRole('button', { name: 'Accept' }).count()).toBe(1);
    await screenshot(guest.page, 'phone-bell-one-invitation');
    await guest.page.keyboard.press('Escape');

    // The guest joins by the link, not through the bell: the invitation still ends and leaves the bell.
    await guest.page.goto(`/games/would_you_rather/session/${id}`);
    await guest.page.getByText('Question 1 of 10').waitFor();
    await guest.page.getByRole('button', { name: /^Invitations(?!, [1-9]\d* pending)/ }).waitFor();
    expect((await apiIn(guest.page).send('GET', '/api/session-invites')).json).toEqual({ invites: [] });

    for (const w of [host, guest]) {
      expect(w.errors).toEqual([]);
      await w.context.close();
    }
  });

  it('offers Log in beside Create an account on a link that was used', async () => {
    const alice = await openPage(suite.browser, suite.server.url, MOBILE, { touch: true });
    const bob = await openPage(suite.browser, suite.server.url, MOBILE, { touch: true });
    await signUpAndLink(alice.page, bob.page);
    const visitor = await openPage(suite.browser, suite.server.url, MOBILE, { touch: true });
    await visitor.page.goto('/invite/not-a-real-token');
    await visitor.page.getByRole('heading', { name: 'Invite Link Expired' }).waitFor();
    const card = visitor.page.locator('main');
    await card.getByRole('link', { name: 'Create an account' }).waitFor();
    await card.getByRole('link', { name: 'Log in' }).first().tap();
    await visitor.page.waitForURL((url) => url.pathname === '/login');
    for (const w of [alice, bob, visitor]) {
      expect(w.errors).toEqual([]);
      await w.context.close();
    }
  });

  it('reads a refusal without a message of its own as a sentence, never a status number', async () => {
    const me = await openPage(suite.browser, suite.server.url, MOBILE, { touch: true });
    const partner = await openPage(suite.browser, suite.server.url, MOBILE, { touch: true });
    await signUpAndLink(me.page, partner.page);
    const id = await createSession(me.page);
    // A proxy in front answers the invitation with an empty 400 and an HTML 502: the screen says what happened in words.
    let reply = 0;
    await me.page.route('**/api/session-invites', (route) =>
      route.fulfill(reply++ === 0 ? { status: 400, body: '' } : { status: 502, contentType: 'text/html', body: '<html><body>Bad Gateway</body></html>' }),
    );
    await me.page.goto(`/games/would_you_rather/host-session/${id}`);
    await me.page.getByText('Waiting for your partner to join…').waitFor();
    for (let i = 0; i < 2; i++) {
      await me.page.getByRole('button', { name: 'Invite Partner' }).first().tap();
      const toast = me.page.locator('[data-sonner-toast]', { hasText: 'Invitation Failed' }).first();
      await toast.waitFor();
      const text = await toast.innerText();
      expect(text).not.toMatch(/\b[45]\d\d\b|Request failed|HTTP_ERROR/);
      expect(text.replace('Invitation Failed', '').trim().length).toBeGreaterThan(10);
      await toast.waitFor({ state: 'detached' });
    }
    // The browser logs each 502 it receives; the app itself logs nothing.
    expect(me.errors.filter((e) => !/status of 502/.test(e))).toEqual([]);
    for (const w of [me, partner]) await w.context.close();
  });

  it('pictures the screens a phone shows: categories, levels, profile, pricing, and a toast beside the open account menu', async () => {
    const me = await openPage(suite.browser, suite.server.url, MOBILE, { touch: true });
    const partner = await openPage(suite.browser, suite.server.url, MOBILE, { touch: true });
    await signUpAndLink(me.page, partner.page);
    const { page } = me;
    for (const [path, name, heading] of [
      ['/games/would_you_rather/categories', 'phone-categories-free', /Would You Rather/],
      ['/questions', 'phone-questions-free', /Questions/],
      ['/profile', 'phone-profile', /^host\d+$/],
      ['/pricing', 'phone-pricing', /Choose your plan/],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).first().waitFor();
      await settle(page);
      await page.screenshot({ path: `test-results/screenshots/${name}.png` });
      expect(await seriousA11yViolations(page), path).toEqual([]);
    }
    // A category page is short on a phone, free or Gold: a few screens, not nine.
    for (const plan of ['free', 'gold']) {
      if (plan === 'gold') await apiIn(page).send('POST', '/api/test/grant-gold', { body: {} });
      for (const path of ['/games/would_you_rather/categories', '/games/emoji_movie/categories', '/questions']) {
        await page.goto(path);
        await page.locator('main h1').first().waitFor();
        await settle(page);
        expect(await page.evaluate(() => document.documentElement.scrollHeight / window.innerHeight), `${plan} ${path}`).toBeLessThan(5);
      }
      await page.screenshot({ path: `test-results/screenshots/phone-questions-${plan}-full.png`, fullPage: true });
      await page.goto('/games/would_you_rather/categories');
      await page.locator('main h1').first().waitFor();
      await settle(page);
      await page.screenshot({ path: `test-results/screenshots/phone-wyr-categories-${plan}-full.png`, fullPage: true });
    }

    // Someone still on their own: the invite link readable on a phone, Copy and Share on their own line.
    const single = await openPage(suite.browser, suite.server.url, MOBILE, { touch: true });
    await single.page.goto('/signup');
    await signUpThroughForm(single.page, newCredentials('single'));
    await single.page.getByRole('heading', { name: /Welcome, single\d+!/ }).waitFor();
    await single.page.goto('/profile');
    await single.page.getByRole('button', { name: 'Generate invite link' }).tap();
    const field = single.page.locator('#invite-link');
    await field.waitFor();
    const copy = single.page.getByRole('button', { name: /^Copy/ }).first();
    const [fieldBox, copyBox] = [(await field.boundingBox())!, (await copy.boundingBox())!];
    expect(fieldBox.height).toBeGreaterThanOrEqual(copyBox.height - 1);
    expect(copyBox.y).toBeGreaterThanOrEqual(fieldBox.y + fieldBox.height);
    await field.scrollIntoViewIfNeeded();
    await single.page.screenshot({ path: 'test-results/screenshots/phone-profile-invite-link.png' });
    expect(single.errors).toEqual([]);
    await single.context.close();

    // The account menu open, a toast raised under it: the toast covers no item of the menu.
    await page.goto('/');
    await page.getByRole('heading', { name: /^Hello, .+ & / }).waitFor();
    await page.getByRole('button', { name: /Account menu/ }).tap();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await apiIn(partner.page).send('POST', '/api/session-invites', { body: { sessionId: await createSession(partner.page) } });
    await page.getByRole('button', { name: /Invitations, 1 pending/ }).waitFor();
    await settle(page);
    const toast = page.locator('[data-sonner-toast]').first();
    if (await toast.isVisible()) {
      const [t, m] = [await toast.boundingBox(), await menu.boundingBox()];
      const overlap = t && m && t.x < m.x + m.width && m.x < t.x + t.width && t.y < m.y + m.height && m.y < t.y + t.height;
      if (overlap) expect(await toast.evaluate((el) => getComputedStyle(el.closest('[data-sonner-toaster]') ?? el).zIndex)).not.toBe('auto');
      const item = await menu.getByRole('menuitem').first().boundingBox();
      const hit = await page.evaluate(({ x, y }) => !!document.elementFromPoint(x, y)?.closest('[role="menu"]'), { x: item!.x + item!.width / 2, y: item!.y + item!.height / 2 });
      expect(hit).toBe(true);
    }
    await page.screenshot({ path: 'test-results/screenshots/phone-account-menu-with-toast.png' });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: 'test-results/screenshots/desktop-account-menu-with-toast.png' });
    for (const w of [me, partner]) {
      expect(w.errors).toEqual([]);
      await w.context.close();
    }
  });
});
