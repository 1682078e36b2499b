import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getYourTurn } from '@core/contracts/dashboard';
import { listSessionInvites } from '@core/contracts/session-invites';
import { mockFetch, reply } from '../../../test/component/fetch-mock';
import { HANA } from '../../../test/component/me';
import { renderScreen } from '../../../test/component/render';
import { InvitationsBell } from './invitations-bell';

const hana = { id: HANA.id, username: HANA.username };

/** "Your turn" in the bell, beside session invitations (docs/product/daily-question.md#on-the-dashboard-and-in-the-bell). */
describe('the bell’s your turn', () => {
  it('lists what waits for you, counts it in the badge, and leads to it', async () => {
    const api = mockFetch([
      reply(listSessionInvites, { json: { invites: [] } }),
      reply(getYourTurn, {
        json: {
          partner: hana,
          yourTurn: [
            { kind: 'daily', day: '2026-03-10', today: true, partnerAnswered: true },
            { kind: 'session', sessionId: 's1', game: 'would_you_rather', waiting: 4 },
          ],
        },
      }),
    ]);
    renderScreen(<InvitationsBell />, { others: ['/daily', '/games/would_you_rather/session/s1'] });
    const bell = await screen.findByRole('button', { name: 'Invitations, 2 your turn, 2 in all', description: '2 things wait for your turn' });
    expect(bell.textContent).toContain('2');
    const user = userEvent.setup();
    await user.click(bell);
    await screen.findByRole('link', { name: "Hana answered today's question · your turn" });
    screen.getByText('No invitations right now.');
    await user.click(screen.getByRole('link', { name: 'Hana answered 4 questions in Would You Rather · your turn' }));
    await screen.findByText('landed on /games/would_you_rather/session/s1');
    // Opening the bell read it again: an own-pace answer is pushed to no one.
    expect(api.to(getYourTurn).length).toBeGreaterThanOrEqual(2);
  });

  it('shows nothing of it to a user with nothing waiting, or without a partner', async () => {
    mockFetch([reply(listSessionInvites, { json: { invites: [] } }), reply(getYourTurn, { json: { partner: null, yourTurn: [] } })]);
    renderScreen(<InvitationsBell />);
    const bell = await screen.findByRole('button', { name: 'Invitations' });
    expect(bell.getAttribute('aria-describedby')).toBeNull();
    await userEvent.setup().click(bell);
    await screen.findByText('No invitations right now.');
    expect(screen.queryByText('Your turn')).toBeNull();
  });
});
