import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMe } from '@core/contracts/account';
import { createCheckoutSession, getPaymentConfig } from '@core/contracts/payments';
import { type Answer, apiError, mockFetch, type Reply, reply } from '../../../test/component/fetch-mock';
import { meReply } from '../../../test/component/me';
import { renderScreen } from '../../../test/component/render';
import { CheckoutPage } from './checkout-page';

const stripe = vi.hoisted(() => ({ loadStripe: vi.fn() }));
vi.mock('@stripe/stripe-js', () => stripe);
const hosted = vi.hoisted(() => ({ goToHostedCheckout: vi.fn() }));
vi.mock('./hosted-checkout', () => hosted);

/**
 * /checkout (docs/product/plans.md#the-checkout-and-success-screens): the pay button waits for the provider's
 * script, says 'Processing...' until the browser leaves for the hosted checkout, and shows each failure as the
 * 'Checkout Error' toast and in red; a couple with Gold is told so instead.
 */
const PAY = 'Pay $39.99 with Stripe';
const HOSTED_URL = 'https://checkout.stripe.com/c/pay/cs_test_1';
const me = (gold = false) => meReply({ gold });
const stripeConfig = reply(getPaymentConfig, { json: { provider: 'stripe', publishableKey: 'pk_test_123' } });
const localConfig = reply(getPaymentConfig, { json: { provider: 'local', publishableKey: null } });

/** A promise the test settles when it wants to. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function setUp(replies: Reply[]) {
  const api = mockFetch([reply(getMe, me()), ...replies]);
  renderScreen(<CheckoutPage />, { path: '/checkout', others: ['/pricing', '/games', '/questions'] });
  return api;
}

const payButton = () => screen.findByRole<HTMLButtonElement>('button', { name: (name) => name === PAY || name === 'Processing...' });

beforeEach(() => {
  stripe.loadStripe.mockReset();
  hosted.goToHostedCheckout.mockReset();
});
// Sonner keeps its toasts between renders: none is carried into the next test.
afterEach(() => void toast.dismiss());

describe('the checkout page', () => {
  it('shows the order, keeps Pay disabled until Stripe.js has loaded, then says Processing... and leaves for the hosted checkout', async () => {
    const user = userEvent.setup();
    const script = deferred<object>();
    stripe.loadStripe.mockReturnValue(script.promise);
    const checkout = deferred<Answer<typeof createCheckoutSession>>();
    const api = setUp([stripeConfig, reply(createCheckoutSession, () => checkout.promise)]);

    await screen.findByRole('heading', { level: 1, name: 'Get Lifetime Gold' });
    const order = await screen.findByRole('region', { name: 'Lifetime Gold' });
    within(order).getByText('$39.99');
    within(order).getByText('Every level of every game');
    within(order).getByText('Every question category');
    within(order).getByText(/Hana gets Lifetime Gold too/);

    expect((await payButton()).disabled).toBe(true);
    await screen.findByText('Getting the secure checkout ready…');
    await waitFor(() => expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123'));
    script.resolve({});
    await waitFor(async () => expect((await payButton()).disabled).toBe(false));

    await user.click(await payButton());
    const busy = await screen.findByRole<HTMLButtonElement>('button', { name: 'Processing...' });
    expect(busy.disabled).toBe(true);
    checkout.resolve({ json: { sessionId: 'cs_test_1', url: HOSTED_URL } });
    await waitFor(() => expect(hosted.goToHostedCheckout).toHaveBeenCalledExactlyOnceWith(HOSTED_URL));
    // Until the browser has gone, the button stays busy: no second purchase from a second click.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Processing...' }).disabled).toBe(true);
    expect(api.to(createCheckoutSession)).toHaveLength(1);
    expect(api.to(createCheckoutSession)[0].body).toEqual({});
  });

  it('with the local provider is ready at once and never loads Stripe.js', async () => {
    setUp([localConfig]);
    await waitFor(async () => expect((await payButton()).disabled).toBe(false));
    screen.getByText(/no real card is charged/);
    expect(stripe.loadStripe).not.toHaveBeenCalled();
  });

  it.each([
    ['a missing login', apiError(401, 'UNAUTHORIZED', 'User not authenticated'), 'User not authenticated'],
    ['a provider failure', apiError(502, 'CHECKOUT_FAILED', 'Failed to create checkout session'), 'Failed to create checkout session'],
    ['any other failure', apiError(500, 'INTERNAL', 'Something broke'), 'Failed to create checkout session'],
  ])('says %s as the Checkout Error toast and in red on the page, and Pay can be tried again', async (_, refusal, text) => {
    const user = userEvent.setup();
    setUp([localConfig, reply(createCheckoutSession, refusal)]);
    await waitFor(async () => expect((await payButton()).disabled).toBe(false));
    await user.click(await payButton());

    const inline = await screen.findByRole('alert');
    expect(inline.textContent).toBe(`Checkout Error${text}`);
    // The toast says it too: the same title and message once more, outside the page.
    await waitFor(() => expect(screen.getAllByText(text)).toHaveLength(2));
    expect(screen.getAllByText('Checkout Error')).toHaveLength(2);
    expect((await payButton()).disabled).toBe(false);
    expect(hosted.goToHostedCheckout).not.toHaveBeenCalled();
  });

  it('says Stripe has not loaded yet when the script cannot load, and Pay stays disabled', async () => {
    stripe.loadStripe.mockResolvedValue(null);
    setUp([stripeConfig]);
    expect((await screen.findByRole('alert')).textContent).toBe('Checkout ErrorStripe has not loaded yet.');
    await waitFor(() => expect(screen.getAllByText('Stripe has not loaded yet.')).toHaveLength(2));
    expect((await payButton()).disabled).toBe(true);
  });

  it('tells a couple refused as already Gold that they have it, with the ways to play instead of Pay', async () => {
    const user = userEvent.setup();
    let gold = false;
    const api = setUp([
      reply(getMe, () => me(gold)),
      localConfig,
      reply(createCheckoutSession, () => {
        gold = true;
        return apiError(409, 'ALREADY_GOLD', "You already have Lifetime Gold, so there's nothing more to buy.");
      }),
    ]);
    await waitFor(async () => expect((await payButton()).disabled).toBe(false));
    await user.click(await payButton());

    await screen.findByRole('heading', { name: 'You already have Lifetime Gold' });
    expect(screen.queryByRole('button', { name: PAY })).toBeNull();
    expect(screen.getByRole('link', { name: 'Play a game' }).getAttribute('href')).toBe('/games');
    expect(screen.getByRole('link', { name: 'Answer questions' }).getAttribute('href')).toBe('/questions');
    expect(screen.queryByRole('alert')).toBeNull();
    // The header's plan learns it too.
    await waitFor(() => expect(api.to(getMe)).toHaveLength(2));
  });

  it('shows the Gold state, and nothing to pay, when /api/me already says Gold', async () => {
    const api = setUp([reply(getMe, me(true))]);
    await screen.findByRole('heading', { name: 'You already have Lifetime Gold' });
    expect(screen.queryByRole('button', { name: PAY })).toBeNull();
    expect(api.to(getPaymentConfig)).toHaveLength(0);
  });
});
