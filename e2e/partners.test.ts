import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, screenshot, seriousA11yViolations } from './support/browser';
import { newCredentials, signUpThroughForm } from './support/flows';
import { setupServerAndBrowser } from './support/suite';

const suite = setupServerAndBrowser();

/** Creates a session as the signed-in user of `page` and invites the partner to it, through the app's API. */
async function inviteToNewSession(page: Page) {
  return page.evaluate(async () => {
    const json = (r: Response) => r.json();
    const cats = await fetch('/api/games/would_you_rather/categories').then(json);
    const level = cats.categories.flatMap((c: { levels: { id: string; lock: string }[] }) => c.levels).find((l: { lock: string }) => l.lock === 'open');
    const { session } = await fetch('/api/sessions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ levelId: level.id }) }).then(json);
    return fetch('/api/session-invites', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sessionId: session.id }) }).then(
      (r) => r.status,
    );
  });
}

describe('partners, live on both screens', () => {
  it('links by invite link through signup, shows it on both screens, invites, rejects and unlinks', async () => {
    const alice = await openPage(suite.browser, suite.server.url);
    const bob = await openPage(suite.browser, suite.server.url);
    const a = newCredentials('alice');
    const b = newCredentials('bob');

    // Alice signs up and makes an invite link.
    await alice.page.goto('/signup');
    await signUpThroughForm(alice.page, a);
    await alice.page.getByRole('heading', { name: `Welcome, ${a.username}!` }).waitFor();
    await screenshot(alice.page, 'dashboard-without-partner');
    await alice.page.goto('/profile');
    await alice.page.getByRole('button', { name: 'Generate invite link' }).click();
    const link = await alice.page.getByLabel('Your invite link').inputValue();
    expect(link).toMatch(new RegExp(`^${suite.server.url}/invite/[A-Za-z0-9_-]{43}$`));
    await screenshot(alice.page, 'profile-invite-link');
    await alice.page.locator('html[data-realtime="on"]').waitFor({ state: 'attached' });

    // Bob opens it logged out, signs up, and lands linked on his profile.
    await bob.page.goto(link);
    await bob.page.getByRole('heading', { name: `${a.username} invited you` }).waitFor();
    expect(await seriousA11yViolations(bob.page)).toEqual([]);
    await screenshot(bob.page, 'invite-landing');
    await bob.page.getByRole('link', { name: 'Sign up and connect' }).click();
    await bob.page.waitForURL('**/signup');
    await signUpThroughForm(bob.page, b);
    await bob.page.waitForURL((url) => url.pathname === '/profile' && !url.search);
    await bob.page.getByText(`You're now linked with ${a.username}`).waitFor();
    await bob.page.getByText(a.username, { exact: true }).first().waitFor();
    await bob.page.getByRole('button', { name: new RegExp(`linked with ${a.username}`) }).waitFor();

    // Alice sees Bob without reloading: profile and header.
    await alice.page.getByRole('button', { name: 'Unlink' }).waitFor();
    await alice.page.getByRole('button', { name: new RegExp(`linked with ${b.username}`) }).waitFor();
    expect(await seriousA11yViolations(alice.page)).toEqual([]);
    await screenshot(alice.page, 'profile-linked');
    await alice.page.goto('/');
    await alice.page.getByRole('heading', { name: `Hello, ${a.username} & ${b.username}` }).waitFor();
    // Calendar days in the browser's time zone (docs/product/partners.md#days-together): the day they linked is day 0.
    await alice.page.getByText('Start your love story today!').waitFor();

    // Alice invites Bob to a session: Bob's bell shows it live, and he rejects it.
    await bob.page.goto('/');
    await bob.page.getByRole('heading', { name: `Hello, ${b.username} & ${a.username}` }).waitFor();
    await bob.page.locator('html[data-realtime="on"]').waitFor({ state: 'attached' });
    expect(await inviteToNewSession(alice.page)).toBe(201);
    await bob.page.getByText('New Invitation').waitFor();
    const bell = bob.page.getByRole('button', { name: /Invitations, 1 pending/ });
    await bell.click();
    await bob.page.getByRole('button', { name: /Reject/ }).waitFor();
    expect(await seriousA11yViolations(bob.page)).toEqual([]);
    await screenshot(bob.page, 'bell-panel');
    await bob.page.getByRole('button', { name: /Reject/ }).click();
    await bob.page.getByText('Invite Rejected').waitFor();
    // The bell may still hold today's question for Bob: what matters is that no invitation is pending.
    await bob.page.getByRole('button', { name: /^Invitations(?!, [1-9]\d* pending)/ }).waitFor();

    // Two sessions now exist: the dashboard counts them for both.
    await alice.page.reload();
    await alice.page.getByRole('heading', { name: `Hello, ${a.username} & ${b.username}` }).waitFor();
    // The dashboard's figures arrive after its greeting and fade in: checked once they are on screen (a slow
    // machine ran the check while they were still fading).
    await alice.page.getByRole('region', { name: 'Together so far' }).waitFor();
    expect(await seriousA11yViolations(alice.page)).toEqual([]);
    await screenshot(alice.page, 'dashboard-with-partner');

    // Alice unlinks; both screens update without a reload.
    await alice.page.goto('/profile');
    await alice.page.getByRole('button', { name: 'Unlink' }).click();
    await alice.page.getByRole('dialog').getByRole('button', { name: 'Unlink' }).click();
    await alice.page.getByRole('button', { name: 'Generate invite link' }).waitFor();
    await bob.page.getByRole('heading', { name: `Welcome, ${b.username}!` }).waitFor();
    await bob.page.getByRole('button', { name: `Account menu for ${b.username}` }).waitFor();

    expect(alice.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
    await alice.context.close();
    await bob.context.close();
  });

  it('explains an expired or used link', async () => {
    const visitor = await openPage(suite.browser, suite.server.url);
    await visitor.page.goto('/invite/not-a-real-token');
    await visitor.page.getByRole('heading', { name: 'Invite Link Expired' }).waitFor();
    await screenshot(visitor.page, 'invite-expired');
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
  });
});
