/**
 * Nudges and the mail they bring (docs/product/notifications.md): A nudges B about today's question while B has the app
 * open (a toast and the bell); with B gone, A nudges about two sessions at their own pace, and B finds both mails in
 * the dev mailbox, follows one to its session and unsubscribes with one click from the other, signed out.
 */
import { describe, expect, it } from 'vitest';
import { answerDaily, getDaily } from '@core/contracts/daily';
import { getNotificationSettings, sendNudge } from '@core/contracts/notifications';
import { createSession } from '@core/contracts/sessions';
import { MOBILE, openPage, screenshot, seriousA11yViolations } from './support/browser';
import { apiIn, latestMailTo, logInThroughForm, signUpAndLink } from './support/flows';
import { setupServerAndBrowser } from './support/suite';

const suite = setupServerAndBrowser();

/** Every dev-outbox mail to an address, newest first. */
async function mailsTo(to: string) {
  const { messages } = (await (await fetch(`${suite.server.url}/api/dev/mailbox`)).json()) as { messages: { to: string; subject: string; text: string }[] };
  return messages.filter((m) => m.to === to);
}

const linkIn = (text: string, path: string) => {
  const found = text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname.startsWith(path));
  if (!found) throw new Error(`no ${path} link in: ${text}`);
  return found;
};

describe('nudges', () => {
  it('reach an online partner as a toast and in the bell, an offline one by mail with a link there, and one click unsubscribes', async () => {
    const a = await openPage(suite.browser, suite.server.url, MOBILE, { touch: true });
    const b = await openPage(suite.browser, suite.server.url, MOBILE, { touch: true });
    await signUpAndLink(a.page, b.page);
    const apiA = apiIn(a.page);
    const apiB = apiIn(b.page);
    const meA = (await apiA.me()).user!;
    const meB = (await apiB.me()).user!;

    // B confirms their address from the profile (nudge mail goes only to a confirmed one): the mail's link comes back there.
    await b.page.goto('/profile');
    await b.page.getByText('is not confirmed yet').waitFor();
    // Only nudges by e-mail are on by default: the one setting that says so, once the settings are there.
    await b.page.getByRole('switch', { name: 'Nudges by e-mail' }).waitFor();
    expect(await b.page.getByText('Confirm your address to get these').count()).toBe(1);
    await b.page.getByRole('button', { name: 'Send confirmation' }).first().tap();
    await b.page.getByText(`We sent a link to ${meB.email}`).waitFor();
    const confirm = await latestMailTo(suite.server.url, meB.email);
    await b.page.goto(linkIn(confirm.text, '/api/auth/verify-email'));
    await b.page.waitForURL('**/profile?confirmed=1');
    await b.page.getByText('Your address is confirmed.').waitFor();
    expect(await b.page.getByText('Confirm your address to get these').count()).toBe(0);

    // The profile's Notifications, as B now finds them.
    await b.page.getByRole('switch', { name: 'Nudges by e-mail' }).waitFor();
    expect(await b.page.getByRole('switch', { name: 'Nudges by e-mail' }).getAttribute('aria-checked')).toBe('true');
    await b.page.locator('#notifications').scrollIntoViewIfNeeded();
    expect(await seriousA11yViolations(b.page)).toEqual([]);
    await screenshot(b.page, 'notifications-settings');
    // Mail at any hour for this test: B turns quiet hours off (a nudge mail would otherwise wait for 08:00).
    await b.page.getByRole('switch', { name: 'Quiet hours' }).tap();
    await b.page.getByText('Notification settings saved.').waitFor();
    expect(await b.page.getByRole('switch', { name: 'Quiet hours' }).getAttribute('aria-checked')).toBe('false');

    // Online: A answers today's question and nudges B from the dashboard; B gets a toast and the bell says it.
    await b.page.goto('/');
    await b.page.locator('html[data-realtime="on"]').waitFor({ state: 'attached' });
    const { today } = await apiA.call(getDaily);
    await apiA.call(answerDaily, { params: { day: today }, body: { answer: 'A quiet Sunday morning with you.' } });
    await a.page.goto('/');
    await a.page.getByRole('button', { name: `Nudge ${meB.username}` }).tap();
    await a.page.getByText(`Nudge sent: ${meB.username} will know you are waiting`).waitFor();
    await b.page.getByText(`${meA.username} nudged you`).first().waitFor();
    await b.page.getByRole('button', { name: /1 nudge/ }).waitFor();
    await screenshot(b.page, 'nudge-toast');
    // The same day again: refused politely, in place.
    const again = await apiA.reply(sendNudge, { body: { kind: 'daily', day: today } }, { expect: 409 });
    expect((again.json as { error: { message: string } }).error.message).toBe(`You nudged ${meB.username} today already`);
    await b.page.getByRole('button', { name: /1 nudge/ }).tap();
    await b.page.getByRole('link', { name: /nudged you/ }).waitFor();
    await screenshot(b.page, 'nudge-bell');
    const nudgeMailsBefore = (await mailsTo(meB.email)).filter((m) => m.subject.includes('nudged you')).length;
    expect(nudgeMailsBefore).toBe(0);
    await b.context.close();

    // Offline: two sessions at A's own pace, A one answer ahead in each; A nudges from the session screen and once more.
    const levelId = await apiA.openLevelId(undefined, 'would_you_rather');
    const sessions: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { session } = await apiA.call(createSession, { body: { levelId, pace: 'own' } });
      const { current } = await apiA.snapshot(session.id);
      await apiA.answer(session.id, 'a', { itemId: current!.id });
      sessions.push(session.id);
    }
    await a.page.goto(`/games/would_you_rather/host-session/${sessions[0]}`);
    await a.page.getByRole('button', { name: `Nudge ${meB.username}` }).tap();
    await a.page.getByText(`Nudge sent: ${meB.username} will know you are waiting`).waitFor();
    await apiA.call(sendNudge, { body: { kind: 'session', sessionId: sessions[1] } });
    const nudgeMails = async () => (await mailsTo(meB.email)).filter((m) => m.subject === `${meA.username} nudged you on Twogether`);
    // The mails are jobs on the queue: wait until both have been sent.
    await expect.poll(async () => (await nudgeMails()).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const mails = await nudgeMails();
    const [second, first] = mails; // newest first
    expect(first.text).toContain(`/games/would_you_rather/session/${sessions[0]}`);
    expect(second.text).toContain(`/games/would_you_rather/session/${sessions[1]}`);
    const mailbox = await openPage(suite.browser, suite.server.url, MOBILE);
    await mailbox.page.goto('/dev/mailbox');
    await mailbox.page.getByText(`${meA.username} nudged you on Twogether`).first().waitFor();
    await screenshot(mailbox.page, 'nudge-mails');

    // B comes back: the first mail's link leads to its session, after logging in.
    const back = await openPage(suite.browser, suite.server.url, MOBILE, { touch: true });
    await back.page.goto('/login');
    await logInThroughForm(back.page, { email: meB.email, password: 'Sunshine123' });
    await back.page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await back.page.goto(linkIn(first.text, '/games/'));
    await back.page.getByText('Would You Rather').first().waitFor();
    expect(back.page.url()).toContain(sessions[0]);

    // The second mail's unsubscribe link, signed out: one button, and nudges by e-mail are off.
    const stranger = await openPage(suite.browser, suite.server.url, MOBILE, { touch: true });
    await stranger.page.goto(linkIn(second.text, '/unsubscribe'));
    await stranger.page.getByRole('heading', { name: 'Unsubscribe from nudges by e-mail?' }).waitFor();
    await screenshot(stranger.page, 'unsubscribe-page');
    await stranger.page.getByRole('button', { name: 'Unsubscribe' }).tap();
    await stranger.page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await screenshot(stranger.page, 'unsubscribed');
    expect((await apiIn(back.page).call(getNotificationSettings)).settings.nudgeEmails).toBe(false);

    for (const w of [a, back, stranger, mailbox]) {
      expect(w.errors).toEqual([]);
      await w.context.close();
    }
  });
});
