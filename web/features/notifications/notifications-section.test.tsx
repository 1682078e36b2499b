import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getNotificationSettings, updateNotificationSettings } from '@core/contracts/notifications';
import { messages } from '@core/messages';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@core/notifications';
import { apiError, mockFetch, reply } from '../../../test/component/fetch-mock';
import { renderScreen } from '../../../test/component/render';
import { NotificationsSection } from './notifications-section';

const settings = { settings: DEFAULT_NOTIFICATION_SETTINGS };
const toggle = (name: string) => screen.findByRole('switch', { name });

describe('the profile’s Notifications', () => {
  it('shows everything off but nudges and quiet hours (22:00 to 08:00), each switch named and described', async () => {
    mockFetch([reply(getNotificationSettings, { json: settings })]);
    renderScreen(<NotificationsSection />, { path: '/profile' });
    const states = await Promise.all(
      ['Daily question reminder', '“Your turn” reminders', 'Nudges by e-mail', 'Quiet hours'].map(async (n) => (await toggle(n)).getAttribute('aria-checked')),
    );
    expect(states).toEqual(['false', 'false', 'true', 'true']);
    expect((await toggle('Nudges by e-mail')).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Reminder hour' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'From' }).value).toBe('22');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'To' }).value).toBe('8');
  });

  it('saves a switch and an hour at once, one change each, and says so in place', async () => {
    const api = mockFetch([
      reply(getNotificationSettings, { json: settings }),
      reply(updateNotificationSettings, (req) => ({ json: { settings: { ...DEFAULT_NOTIFICATION_SETTINGS, dailyReminder: true, ...(req.body as object) } } })),
    ]);
    renderScreen(<NotificationsSection />, { path: '/profile' });
    const user = userEvent.setup();
    await user.click(await toggle('Daily question reminder'));
    expect((await screen.findByText(`${messages.notifications.saved}.`)).getAttribute('role')).toBe('status');
    expect((await toggle('Daily question reminder')).getAttribute('aria-checked')).toBe('true');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Reminder hour' }), '07:00');
    expect(api.to(updateNotificationSettings).map((r) => r.body)).toEqual([{ dailyReminder: true }, { dailyReminderHour: 7 }]);
  });

  it('shows a refusal and keeps what the account still has', async () => {
    mockFetch([reply(getNotificationSettings, { json: settings }), reply(updateNotificationSettings, apiError(400, 'VALIDATION_FAILED', messages.notifications.hourInvalid))]);
    renderScreen(<NotificationsSection />, { path: '/profile' });
    await userEvent.setup().click(await toggle('Nudges by e-mail'));
    expect((await screen.findByRole('alert')).textContent).toContain(messages.notifications.hourInvalid);
    expect((await toggle('Nudges by e-mail')).getAttribute('aria-checked')).toBe('true');
  });
});
