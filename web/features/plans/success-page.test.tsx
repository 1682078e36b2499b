import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getMe } from '@core/contracts/account';
import { getCategories } from '@core/contracts/catalogue';
import { endpointPath } from '@core/contracts/endpoint';
import { getPaymentStatus } from '@core/contracts/payments';
import { apiError, mockFetch, type Reply, reply } from '../../../test/component/fetch-mock';
import { HANA, meReply, visitorReply } from '../../../test/component/me';
import { renderScreen } from '../../../test/component/render';
import { SuccessPage } from './success-page';

const confetti = vi.hoisted(() => vi.fn());
vi.mock('canvas-confetti', () => ({ default: { create: () => confetti } }));

/**
 * /success (docs/product/plans.md#the-checkout-and-success-screens): the server confirms Gold for the checkout
 * session it came back from; then the celebration for both partners, and every screen's data read again so the
 * locks open; or the server's reason with Try Again to /pricing.
 */
const me = (gold: boolean, linked = true) => meReply({ gold, partner: linked ? HANA : null });

const WYR = { gameType: 'would_you_rather' };

function setUp(replies: Reply[], path = '/success?session_id=cs_test_1') {
  let reads = 0;
  const api = mockFetch([
    reply(getMe, () => me(reads++ > 0)),
    reply(getCategories, { json: { game: 'would_you_rather', gold: false, pace: 'live', categories: [] } }, WYR),
    ...replies,
  ]);
  const view = renderScreen(<SuccessPage />, { path, route: '/success', others: ['/pricing', '/games', '/questions'] });
  return { api, ...view };
}

/** Stands in for what the screens have read before: a level list whose locks must open. */
const seedCategories = (queryClient: ReturnType<typeof renderScreen>['queryClient']) =>
  queryClient.fetchQuery({ queryKey: ['games', 'would_you_rather', 'categories'], queryFn: () => fetch(endpointPath(getCategories.path, WYR)).then((r) => r.json()) });

let reduceMotion = false;
beforeEach(() => {
  confetti.mockClear();
  reduceMotion = false;
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduceMotion && query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }));
});

describe('the success page', () => {
  it('confirms the purchase for the checkout session it came back from, then welcomes both partners to Gold', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((r) => (answer = r));
    const { api, queryClient } = setUp([
      reply(getPaymentStatus, async () => {
        await answered;
        return { json: { gold: true, buyer: 'you' } };
      }),
    ]);
    await seedCategories(queryClient);

    await screen.findByText('Confirming your purchase…');
    expect(screen.getByRole('status').textContent).toContain('Confirming your purchase…');
    answer();

    await screen.findByRole('heading', { level: 1, name: 'Welcome to Lifetime Gold!' });
    await screen.findByText(/You and Hana both have Gold now/);
    expect(screen.getByRole('link', { name: 'Play a game' }).getAttribute('href')).toBe('/games');
    expect(screen.getByRole('link', { name: 'Answer questions' }).getAttribute('href')).toBe('/questions');
    expect(api.to(getPaymentStatus).map((r) => r.path)).toEqual([`${getPaymentStatus.path}?session_id=cs_test_1`]);
    expect(confetti).toHaveBeenCalledOnce();

    // The header's plan reads again and the level lists are marked stale, so the locks open; the status is not asked twice.
    await waitFor(() => expect(api.to(getMe).length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(queryClient.getQueryState(['games', 'would_you_rather', 'categories'])?.isInvalidated).toBe(true));
    expect(api.to(getPaymentStatus)).toHaveLength(1);
  });

  it('says Gold will be shared with the partner they link, and when the partner bought it, says so', async () => {
    mockFetch([reply(getMe, me(true, false)), reply(getPaymentStatus, { json: { gold: true, buyer: 'you' } })]);
    const first = renderScreen(<SuccessPage />, { path: '/success?session_id=cs_test_1', route: '/success' });
    await screen.findByText(/your partner gets Gold too as soon as you link with them/);
    first.unmount();

    mockFetch([reply(getMe, me(true)), reply(getPaymentStatus, { json: { gold: true, buyer: 'partner' } })]);
    renderScreen(<SuccessPage />, { path: '/success', route: '/success' });
    await screen.findByText(/Hana unlocked Lifetime Gold, so you both have it/);
  });

  it('throws no confetti for someone who asked for less motion', async () => {
    reduceMotion = true;
    setUp([reply(getPaymentStatus, { json: { gold: true, buyer: 'you' } })]);
    await screen.findByRole('heading', { name: 'Welcome to Lifetime Gold!' });
    expect(confetti).not.toHaveBeenCalled();
  });

  it.each([
    ['nothing was bought', apiError(404, 'NOT_FOUND', 'Subscription not found or not active'), 'Subscription not found or not active'],
    ['the login is gone', apiError(401, 'UNAUTHORIZED', 'User not authenticated'), 'User not authenticated'],
  ])('when %s shows the server’s message in red with Try Again to /pricing, and no celebration', async (_, refusal, text) => {
    const { api } = setUp([reply(getPaymentStatus, refusal)]);
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    screen.getByRole('heading', { name: 'We couldn’t confirm your purchase' });
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/pricing');
    expect(screen.queryByText('Welcome to Lifetime Gold!')).toBeNull();
    expect(confetti).not.toHaveBeenCalled();
    // A refusal is the answer: not asked again.
    expect(api.to(getPaymentStatus)).toHaveLength(1);
  });

  it('tells a visitor (the login lapsed during checkout) so, and offers to log in and come back to this page', async () => {
    localStorage.clear();
    mockFetch([reply(getMe, visitorReply), reply(getPaymentStatus, apiError(401, 'UNAUTHORIZED', 'User not authenticated'))]);
    renderScreen(<SuccessPage />, { path: '/success?session_id=cs_test_1', route: '/success', others: ['/pricing', '/login'] });
    expect((await screen.findByRole('alert')).textContent).toBe('User not authenticated');
    const logIn = await screen.findByRole('link', { name: 'Log in to check again' });
    expect(logIn.getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/pricing');
    logIn.click();
    // Login returns to the remembered path (web/lib/auth-redirect.ts): this page, with its checkout session.
    expect(localStorage.getItem('auth_redirect')).toBe('/success?session_id=cs_test_1');
  });

  it('checks again in place when every screen reads again (a reconnect), without going back to Confirming', async () => {
    let paid: Promise<void> | null = null;
    let pay!: () => void;
    const { api, queryClient } = setUp([
      reply(getPaymentStatus, async () => {
        if (!paid) return apiError(404, 'NOT_FOUND', 'Subscription not found or not active');
        await paid;
        return { json: { gold: true, buyer: 'you' } };
      }),
    ]);
    const alert = await screen.findByRole('alert');
    paid = new Promise((r) => (pay = r));
    void queryClient.invalidateQueries();
    await waitFor(() => expect(api.to(getPaymentStatus)).toHaveLength(2));
    // While the second check runs, the first answer stays on screen.
    expect(screen.queryByText('Confirming your purchase…')).toBeNull();
    expect(alert.isConnected).toBe(true);
    pay();
    await screen.findByRole('heading', { name: 'Welcome to Lifetime Gold!' });
  });
});
