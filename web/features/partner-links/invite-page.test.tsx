import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getMe } from '@core/contracts/account';
import { getPartnerInviteInviter, lookupPartnerInvite } from '@core/contracts/partner-links';
import type { ErrorCode } from '@core/error-codes';
import { messages } from '@core/messages';
import { type Answer, apiError, mockFetch, reply } from '../../../test/component/fetch-mock';
import { meOf, meReply, visitorReply as visitor } from '../../../test/component/me';
import { renderScreen } from '../../../test/component/render';
import { InvitePage } from './invite-page';
import { PartnerPanel } from './partner-panel';

/** Opening a partner invite link that cannot be used, or when already linked (docs/product/partners.md#opening-a-link). */
const TOKEN = 'a'.repeat(43);
// The server's codes for these refusals (an unknown code reads "An unexpected error occurred.").
const codeOf: Record<number, ErrorCode> = { 404: 'INVITE_INVALID', 409: 'SENDER_PARTNERED', 410: 'INVITE_EXPIRED' };
const refused = (status: number, message: string) => apiError(status, codeOf[status], message);

function open(me: Answer<typeof getMe>, lookup: Answer<typeof lookupPartnerInvite>, inviter: string | null = null) {
  const api = mockFetch([reply(getMe, me), reply(lookupPartnerInvite, lookup), reply(getPartnerInviteInviter, { json: { inviter } })]);
  const view = renderScreen(<InvitePage />, { path: `/invite/${TOKEN}`, route: '/invite/:token', others: ['/profile'] });
  return { ...view, api };
}

describe('an invite link that no longer works', () => {
  it('expired: says whom to ask for a new link, and offers Log in beside Create an account', async () => {
    open(visitor, refused(410, messages.partner.inviteExpired), 'Sam');
    await screen.findByRole('heading', { name: messages.toastInvites.linkExpired });
    screen.getByText(`${messages.partner.inviteExpired}.`);
    screen.getByText('Ask Sam for a new link.');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('unknown: names no one, and still offers Log in', async () => {
    open(visitor, refused(404, messages.partner.inviteInvalid), null);
    await screen.findByText('Ask your partner to send you a new link from their profile.');
    expect(screen.queryByText(/Ask .* for a new link\./)).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('sender linked since: does not ask who to name', async () => {
    const { api } = open(visitor, refused(409, messages.partner.senderPartnered));
    await screen.findByRole('heading', { name: 'This invite can’t be used' });
    expect(api.to(lookupPartnerInvite)).toHaveLength(1);
    expect(api.to(getPartnerInviteInviter)).toEqual([]);
  });
});

describe('a user who already has a partner', () => {
  it('opening an invite link lands on the profile, whatever the link says', async () => {
    const { router } = open(meReply(), refused(404, messages.partner.inviteInvalid));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(router.state.location.search).toBe(`?invite=${TOKEN}`);
  });

  it('on the profile with the link: is told with whom they are linked, and nothing is accepted', async () => {
    const api = mockFetch([reply(getMe, meReply())]);
    const { router } = renderScreen(<PartnerPanel />, { path: `/profile?invite=${TOKEN}`, route: '/profile' });
    const notice = await screen.findByText(`You're already linked with ${meOf().partner!.username}`);
    expect(notice.closest('[role="status"]')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(api.sent.filter((r) => r.method === 'POST')).toEqual([]);
  });
});
