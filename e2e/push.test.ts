/**
 * Web Push on a device (docs/product/notifications.md#on-your-devices, decision 054), in the production build's
 * service worker. Chromium's own push service is out of reach here (PushManager.subscribe is refused), so the test
 * stands in for the browser's subscription with one to the app's local push service, keys made by the test: A nudges
 * B, who is away; the encrypted message that reached the push service is decrypted with the test's key and delivered
 * to B's service worker through the DevTools protocol (ServiceWorker.deliverPushMessage), and the notification it
 * shows is read back with getNotifications().
 */
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { getDevPush } from '@core/contracts/dev';
import { addDevice } from '@core/contracts/devices';
import { sendNudge, updateNotificationSettings } from '@core/contracts/notifications';
import { createSession, getSession, submitAnswer } from '@core/contracts/sessions';
import { testDevice } from '../test/push';
import { MOBILE, openPage, screenshot, seriousA11yViolations } from './support/browser';
import { apiIn, signUpAndLink } from './support/flows';
import { setupServerAndBrowser } from './support/suite';

const suite = setupServerAndBrowser();

/** The page's service worker registration, as the DevTools protocol names it (once it is active). */
async function workerRegistration(page: Page): Promise<{ cdp: CDPSession; registrationId: string }> {
  const cdp = await page.context().newCDPSession(page);
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      const active = versions.find((v) => v.status === 'activated' && v.runningStatus === 'running');
      if (active) resolve(active.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  return { cdp, registrationId: await found };
}

/** The notifications B's worker shows, as the page reads them. */
const shown = (page: Page) =>
  page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, url: (n.data as { url: string }).url })));

describe('Web Push', () => {
  it('brings a nudge to a partner who is away: encrypted to their device, shown by the service worker with its link', async () => {
    const a = await openPage(suite.browser, suite.server.url, MOBILE, { touch: true });
    const b = await openPage(suite.browser, suite.server.url, MOBILE, { touch: true });
    await signUpAndLink(a.page, b.page);
    const [apiA, apiB] = [apiIn(a.page), apiIn(b.page)];
    const meA = (await apiA.me()).user!;

    // B's device: a subscription to the local push service (the stand-in for Chromium's), keys only this test holds.
    const device = testDevice();
    const { endpoint } = (await (
      await fetch(`${suite.server.url}/dev/push/subscriptions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    ).json()) as {
      endpoint: string;
    };
    await apiB.call(addDevice, { body: { endpoint, keys: device.keys } });
    // Push at any hour for this test: quiet hours (22:00 to 08:00 by default) would hold it until morning.
    await apiB.call(updateNotificationSettings, { body: { quietHours: false } });
    // This browser allows notifications (headless Chromium refuses them unless told).
    await b.context.grantPermissions(['notifications'], { origin: suite.server.url });
    await b.page.goto('/profile');
    await b.page.getByRole('button', { name: 'Turn on for this device' }).waitFor();
    const list = b.page.getByRole('list', { name: 'Your devices with notifications' });
    await list.getByText('Chrome on Linux').waitFor();
    await b.page.locator('#notifications').scrollIntoViewIfNeeded();
    expect(await seriousA11yViolations(b.page)).toEqual([]);
    await screenshot(b.page, 'notifications-devices');
    await b.page.close(); // B is away: no tab of the app open

    // A plays ahead at their own pace and nudges B.
    const levelId = await apiA.openLevelId(undefined, 'would_you_rather');
    const { session } = await apiA.call(createSession, { body: { levelId, pace: 'own' } });
    const { current } = await apiA.call(getSession, { params: { id: session.id } });
    await apiA.call(submitAnswer, { params: { id: session.id }, body: { answer: 'a', itemId: current!.id } });
    await apiA.call(sendNudge, { body: { kind: 'session', sessionId: session.id } });

    // What reached the push service is ciphertext; the test's key reads who, what and where.
    let body = '';
    await expect
      .poll(
        async () => {
          const { messages } = (await (await fetch(`${suite.server.url}${getDevPush.path}`)).json()) as { messages: { endpoint: string; body: string }[] };
          body = messages.find((m) => m.endpoint === endpoint)?.body ?? '';
          return body.length > 0;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const payload = device.decrypt(Buffer.from(body, 'base64url'));
    expect(JSON.parse(payload)).toMatchObject({ title: `${meA.username} nudged you`, url: `/games/would_you_rather/session/${session.id}` });

    // B's browser gets it: the worker shows it with the app's icon and where a tap leads.
    const back = await b.context.newPage();
    await back.goto('/');
    const { cdp, registrationId } = await workerRegistration(back);
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(suite.server.url).origin, registrationId, data: payload });
    await expect
      .poll(() => shown(back), { timeout: 10_000 })
      .toEqual([{ title: `${meA.username} nudged you`, body: "It's your turn in Would You Rather.", url: `/games/would_you_rather/session/${session.id}` }]);
    expect([...a.errors, ...b.errors]).toEqual([]);
  });

  it('says how to allow notifications again when the browser refused them, and asks nothing on page load', async () => {
    const b = await openPage(suite.browser, suite.server.url, MOBILE, { touch: true });
    const a = await openPage(suite.browser, suite.server.url, MOBILE, { touch: true });
    await signUpAndLink(a.page, b.page);
    // Headless Chromium refuses notifications unless told: this browser allows them, and its person refuses when asked.
    await b.context.grantPermissions(['notifications'], { origin: suite.server.url });
    await b.context.addInitScript(() => {
      const w = window as unknown as { asked: number };
      w.asked = 0;
      Notification.requestPermission = async () => {
        w.asked++;
        Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
        return 'denied';
      };
    });
    await b.page.goto('/profile');
    await b.page.getByRole('button', { name: 'Turn on for this device' }).waitFor();
    await screenshot(b.page, 'notifications-unconfirmed');
    // Nothing was asked on load: only the tap asks.
    expect(await b.page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(0);
    await b.page.getByRole('button', { name: 'Turn on for this device' }).tap();
    expect(await b.page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(1);
    await b.page.getByText('Notifications are blocked for Twogether in this browser').waitFor();
    expect(await b.page.getByRole('button', { name: 'Turn on for this device' }).count()).toBe(0);
    await b.page.locator('#notifications').scrollIntoViewIfNeeded();
    await screenshot(b.page, 'notifications-blocked');
    expect(b.errors).toEqual([]);
  });
});
