import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getMe, updateMe } from '@core/contracts/account';
import { messages } from '@core/messages';
import { apiError, mockFetch, reply } from '../../../test/component/fetch-mock';
import { meOf, meReply } from '../../../test/component/me';
import { renderScreen } from '../../../test/component/render';
import { ProfilePage } from './profile-page';
import { timeZoneOptions } from './time-zone-setting';

const select = () => screen.findByRole<HTMLSelectElement>('combobox', { name: 'Time zone' });

describe('the profile’s time zone', () => {
  it('offers every IANA zone, UTC and the person’s own, with theirs chosen', async () => {
    mockFetch([reply(getMe, meReply({ timeZone: 'America/Argentina/Buenos_Aires' }))]);
    renderScreen(<ProfilePage partnerSection={null} />, { path: '/profile' });
    const control = await select();
    expect(control.value).toBe('America/Argentina/Buenos_Aires');
    expect(screen.getByRole<HTMLOptionElement>('option', { name: 'America/Argentina/Buenos Aires' }).selected).toBe(true);
    const values = [...control.options].map((o) => o.value);
    expect(values.length).toBeGreaterThan(300);
    expect(values).toEqual(expect.arrayContaining(['UTC', 'Europe/Paris', 'Pacific/Auckland']));
    expect(control.getAttribute('aria-describedby')).toBeTruthy();
    // An older name the browser's list lacks is still offered, chosen, when it is the person's.
    expect(timeZoneOptions('Etc/Old_Name')).toContain('Etc/Old_Name');
  });

  it('saves a new choice at once, says so in place, and keeps it chosen', async () => {
    const api = mockFetch([
      reply(getMe, meReply({ timeZone: 'Europe/Paris' })),
      reply(updateMe, (req) => ({ json: { user: meOf({ timeZone: (req.body as { timeZone: string }).timeZone }) } })),
    ]);
    renderScreen(<ProfilePage partnerSection={null} />, { path: '/profile' });
    await userEvent.setup().selectOptions(await select(), 'Asia/Tokyo');
    expect((await screen.findByText('Time zone saved.')).getAttribute('role')).toBe('status');
    expect(api.to(updateMe).map((r) => r.body)).toEqual([{ timeZone: 'Asia/Tokyo' }]);
    expect((await select()).value).toBe('Asia/Tokyo');
  });

  it('shows a refusal and goes back to the zone the account still has', async () => {
    mockFetch([reply(getMe, meReply({ timeZone: 'Europe/Paris' })), reply(updateMe, apiError(400, 'VALIDATION_FAILED', messages.account.timeZoneInvalid))]);
    renderScreen(<ProfilePage partnerSection={null} />, { path: '/profile' });
    await userEvent.setup().selectOptions(await select(), 'Asia/Tokyo');
    expect((await screen.findByRole('alert')).textContent).toContain(messages.account.timeZoneInvalid);
    await waitFor(async () => expect((await select()).value).toBe('Europe/Paris'));
  });
});
