import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getNotificationSettings, updateNotificationSettings } from '@core/contracts/notifications';
import { sendVerificationEmail } from '@core/contracts/auth';
import { listDevices, removeDevice } from '@core/contracts/devices';
import { messages } from '@core/messages';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@core/notifications';
import { apiError, mockFetch, reply } from '../../../test/component/fetch-mock';
import { renderScreen } from '../../../test/component/render';
import { NotificationsSection } from './notifications-section';

const settings = { settings: DEFAULT_NOTIFICATION_SETTINGS };
const milo = { email: 'milo@example.com', emailVerified: true };
const noDevices = reply(listDevices, { json: { devices: [], publicKey: 'BPublicKey', limit: 10 } });
const toggle = (name: string) => screen.findByRole('switch', { name });

describe('the profile’s Notifications', () => {
  it('shows everything off but nudges and quiet hours (22:00 to 08:00), each switch named and described', async () => {
    mockFetch([noDevices, reply(getNotificationSettings, { json: settings })]);
    renderScreen(<NotificationsSection {...milo} />, { path: '/profile' });
    const states = await Promise.all(
      ['Daily question reminder', '“Your turn” reminders', 'Nudges by e-mail', 'E-mail as well', 'Quiet hours'].map(async (n) => (await toggle(n)).getAttribute('aria-checked')),
    );
    expect(states).toEqual(['false', 'false', 'true', 'false', 'true']);
    expect((await toggle('Nudges by e-mail')).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Reminder hour' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'From' }).value).toBe('22');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'To' }).value).toBe('8');
  });

  it('saves a switch and an hour at once, one change each, and says so in place', async () => {
    const api = mockFetch([
      noDevices,
      reply(getNotificationSettings, { json: settings }),
      reply(updateNotificationSettings, (req) => ({ json: { settings: { ...DEFAULT_NOTIFICATION_SETTINGS, dailyReminder: true, ...(req.body as object) } } })),
    ]);
    renderScreen(<NotificationsSection {...milo} />, { path: '/profile' });
    const user = userEvent.setup();
    await user.click(await toggle('Daily question reminder'));
    expect((await screen.findByText(`${messages.notifications.saved}.`)).getAttribute('role')).toBe('status');
    expect((await toggle('Daily question reminder')).getAttribute('aria-checked')).toBe('true');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Reminder hour' }), '07:00');
    expect(api.to(updateNotificationSettings).map((r) => r.body)).toEqual([{ dailyReminder: true }, { dailyReminderHour: 7 }]);
  });

  it('shows a refusal and keeps what the account still has', async () => {
    mockFetch([
      noDevices,
      reply(getNotificationSettings, { json: settings }),
      reply(updateNotificationSettings, apiError(400, 'VALIDATION_FAILED', messages.notifications.hourInvalid)),
    ]);
    renderScreen(<NotificationsSection {...milo} />, { path: '/profile' });
    await userEvent.setup().click(await toggle('Nudges by e-mail'));
    expect((await screen.findByRole('alert')).textContent).toContain(messages.notifications.hourInvalid);
    expect((await toggle('Nudges by e-mail')).getAttribute('aria-checked')).toBe('true');
  });

  it('says beside each mail setting that is on that the address needs confirming, and sends the link that returns to the profile', async () => {
    const on = { settings: { ...DEFAULT_NOTIFICATION_SETTINGS, dailyReminder: true, mailWithPush: true } };
    const api = mockFetch([noDevices, reply(getNotificationSettings, { json: on }), reply(sendVerificationEmail, { json: { status: true } })]);
    renderScreen(<NotificationsSection email="milo@example.com" emailVerified={false} />, { path: '/profile' });
    const notes = await screen.findAllByText(messages.notifications.confirmToGet);
    // Daily reminder, nudges by e-mail and "E-mail as well" are on; "your turn" is off and needs no note.
    expect(notes.map((n) => n.closest('div')?.querySelector('label')?.textContent)).toEqual(['Daily question reminder', 'Nudges by e-mail', 'E-mail as well']);
    expect(screen.getByText(/is not confirmed yet/).textContent).toContain('milo@example.com');
    const buttons = screen.getAllByRole('button', { name: 'Send confirmation' });
    expect(buttons).toHaveLength(4);
    await userEvent.setup().click(buttons[2]);
    expect(await screen.findByText(messages.notifications.confirmationSent('milo@example.com'))).toBeDefined();
    expect(api.to(sendVerificationEmail).map((r) => r.body)).toEqual([{ email: 'milo@example.com', returnTo: 'profile' }]);
  });

  it('says the address is confirmed, and when back from the link, says so once', async () => {
    mockFetch([noDevices, reply(getNotificationSettings, { json: settings })]);
    renderScreen(<NotificationsSection {...milo} />, { path: '/profile?confirmed=1', route: '/profile' });
    expect((await screen.findByText(messages.notifications.addressConfirmed)).closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByText(messages.notifications.confirmToGet)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send confirmation' })).toBeNull();
  });

  it('says an expired link is expired, with the button to send a new one', async () => {
    mockFetch([noDevices, reply(getNotificationSettings, { json: settings })]);
    renderScreen(<NotificationsSection email="milo@example.com" emailVerified={false} />, { path: '/profile?confirmed=1&error=TOKEN_EXPIRED', route: '/profile' });
    expect((await screen.findByRole('alert')).textContent).toBe(messages.notifications.confirmationExpired);
  });

  it('lists the devices with notifications, each removable by a named button', async () => {
    const devices = [
      { id: 'd1', device: 'Chrome on Android', endpoint: 'https://fcm.googleapis.com/fcm/send/a', createdAt: '2026-11-20T10:00:00.000Z' },
      { id: 'd2', device: 'Firefox on Windows', endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/b', createdAt: '2026-11-02T10:00:00.000Z' },
    ];
    let listed = devices;
    const api = mockFetch([
      reply(listDevices, () => ({ json: { devices: listed, publicKey: 'BPublicKey', limit: 10 } })),
      reply(getNotificationSettings, { json: settings }),
      reply(
        removeDevice,
        () => {
          listed = devices.slice(0, 1);
          return { json: { ok: true } };
        },
        { id: 'd2' },
      ),
    ]);
    renderScreen(<NotificationsSection {...milo} />, { path: '/profile' });
    const list = await screen.findByRole('list', { name: 'Your devices with notifications' });
    expect([...list.querySelectorAll('li')].map((li) => li.querySelector('p')?.textContent)).toEqual(['Chrome on Android', 'Firefox on Windows']);
    await userEvent.setup().click(screen.getByRole('button', { name: /^Remove Firefox on Windows/ }));
    await waitFor(() => expect(screen.queryByText('Firefox on Windows')).toBeNull());
    expect(api.to(removeDevice)).toHaveLength(1);
  });

  it('says so when this browser cannot show notifications, and when the server has no push', async () => {
    mockFetch([reply(listDevices, { json: { devices: [], publicKey: null, limit: 10 } }), reply(getNotificationSettings, { json: settings })]);
    renderScreen(<NotificationsSection {...milo} />, { path: '/profile' });
    expect(await screen.findByText(/not set up on this server/)).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Turn on for this device' })).toBeNull();
  });

  it('tells an iPhone browser tab how to get notifications: the app on the Home Screen, in three steps', async () => {
    const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
    Object.defineProperty(navigator, 'userAgent', { value: iPhone, configurable: true });
    try {
      mockFetch([noDevices, reply(getNotificationSettings, { json: settings })]);
      renderScreen(<NotificationsSection {...milo} />, { path: '/profile' });
      const steps = await screen.findByText('On iPhone and iPad, notifications come to the app on your Home Screen');
      expect([...steps.parentElement!.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
        'In Safari, tap Share.',
        'Choose Add to Home Screen.',
        'Open Twogether from your Home Screen and turn notifications on here (iOS 16.4 or later).',
      ]);
      expect(screen.queryByRole('button', { name: 'Turn on for this device' })).toBeNull();
    } finally {
      // The stand-in was the instance's own: without it, the prototype's user agent is back.
      delete (navigator as { userAgent?: string }).userAgent;
    }
  });
});
