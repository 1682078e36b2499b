import pino from 'pino';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { getPaymentStatus } from '@core/contracts/payments';
import { type TestUser, createCouple } from '../../../test/api-client';
import { nextEvent, paymentsApp } from '../../../test/payments';
import { createLocalProvider } from './local-provider';

const pay = paymentsApp();
const client = () => pay.app.client;
const origin = () => pay.app.t.config.appUrl;
const card = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };

/** The hosted page's form, posted as the browser posts it from the page. */
const submit = (path: string, fields: Record<string, string> = {}, from = origin()) =>
  fetch(`${pay.app.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: from },
    body: new URLSearchParams(fields).toString(),
  });

describe('the hosted checkout of the local provider', () => {
  it('shows the order with a test card, Pay $39.99 and Cancel back to /pricing', async () => {
    const user = await client().signUp();
    const { url } = await pay.checkout(user);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await res.text();
    for (const text of ['Twogether · Lifetime Gold', '$39.99', 'Pay $39.99', 'value="4242 4242 4242 4242"', '<label for="card-number">Card number</label>', 'name="viewport"']) {
      expect(page).toContain(text);
    }
    expect(page).toContain(`<a class="cancel" href="${origin()}/pricing">Cancel</a>`);
  });

  it('pays: the signed webhook grants Gold to the couple before the browser lands on /success', async () => {
    const [a, b] = await createCouple(client());
    const sb = await pay.app.connect(b.cookie);
    const heard = nextEvent(sb, 'plan:changed');
    const { sessionId } = await pay.checkout(a);

    const res = await submit(`/local-pay/checkout/${sessionId}/pay`, card);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${origin()}/success?session_id=${sessionId}`);
    expect(await heard).toEqual({ gold: true });
    expect([await pay.gold(a), await pay.gold(b)]).toEqual([true, true]);
    expect(await client().call(getPaymentStatus, { query: { session_id: sessionId } }, { as: a })).toEqual({ gold: true, buyer: 'you' });

    const session = await (await pay.stripe()).checkout.sessions.retrieve(sessionId);
    expect(session).toMatchObject({ status: 'complete', payment_status: 'paid', payment_intent: expect.stringMatching(/^pi_local_/) });
    // A second Pay (a double click) goes to the same place and records nothing more.
    expect((await submit(`/local-pay/checkout/${sessionId}/pay`, card)).headers.get('location')).toBe(res.headers.get('location'));
    expect(await pay.purchasesOf(a)).toHaveLength(1);
  });

  it('declines the declining test card and a mistyped one, keeping the checkout open', async () => {
    const user = await client().signUp();
    const { sessionId } = await pay.checkout(user);
    const declined = await submit(`/local-pay/checkout/${sessionId}/pay`, { ...card, number: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    const page = await declined.text();
    expect(page).toContain('role="alert"');
    expect(page).toContain('Your card was declined.');
    expect(page).toContain('value="4000 0000 0000 0002"');
    const mistyped = await submit(`/local-pay/checkout/${sessionId}/pay`, { ...card, number: '4242 4242 4242 4241' });
    expect(await mistyped.text()).toContain('Your card number is incorrect.');
    const expired = await submit(`/local-pay/checkout/${sessionId}/pay`, { ...card, expiry: '01 / 20' });
    expect(await expired.text()).toContain('in the past');
    expect((await (await pay.stripe()).checkout.sessions.retrieve(sessionId)).status).toBe('open');
    expect(await pay.gold(user)).toBe(false);
  });

  it('refuses a payment posted from another site', async () => {
    const user = await client().signUp();
    const { sessionId } = await pay.checkout(user);
    expect((await submit(`/local-pay/checkout/${sessionId}/pay`, card, 'https://evil.example')).status).toBe(403);
    expect(await pay.gold(user)).toBe(false);
  });

  it('refunds a paid test checkout from its page, ending Gold for the couple', async () => {
    const [a, b] = await createCouple(client());
    const { sessionId } = await pay.checkout(a);
    await submit(`/local-pay/checkout/${sessionId}/pay`, card);
    const paidPage = await (await fetch(`${pay.app.url}/local-pay/checkout/${sessionId}`)).text();
    expect(paidPage).toContain('Refund this test payment');
    const res = await submit(`/local-pay/checkout/${sessionId}/refund`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Refunded.');
    expect([await pay.gold(a), await pay.gold(b)]).toEqual([false, false]);
  });

  it('answers an unknown checkout with a page that says so', async () => {
    for (const id of ['cs_test_local_missing', 'not-an-id']) {
      const res = await fetch(`${pay.app.url}/local-pay/checkout/${id}`);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('This checkout does not exist');
    }
  });

  it('still lands on a Gold /success when the webhook cannot be delivered (reconcile on return)', async () => {
    const user: TestUser = await client().signUp();
    const { sessionId } = await pay.checkout(user);
    const cutOff = createLocalProvider({
      db: pay.app.t.database.db,
      appUrl: 'http://127.0.0.1:9',
      webhookSecret: pay.app.t.config.payments.webhookSecret,
      log: pino({ level: 'silent' }),
      retryDelaysMs: [0, 10],
    });
    const outcome = await cutOff.pay(sessionId, card);
    expect(outcome).toMatchObject({ kind: 'paid', delivered: false });
    expect(await pay.gold(user)).toBe(false);
    expect(await client().call(getPaymentStatus, { query: { session_id: sessionId } }, { as: user })).toEqual({ gold: true, buyer: 'you' });
  });
});

describe("the local provider's API, as the SDK sees it", () => {
  it('wants the secret key', async () => {
    const wrong = new Stripe('sk_test_local_wrong', { host: '127.0.0.1', port: new URL(pay.app.url).port, protocol: 'http', maxNetworkRetries: 0 });
    await expect(wrong.checkout.sessions.retrieve('cs_test_x')).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    const res = await fetch(`${pay.app.url}/v1/checkout/sessions`, { method: 'POST' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { type: 'authentication_error', message: 'Invalid API Key provided.' } });
  });

  it('answers as Stripe does: an unknown session, a parameter it does not take, an idempotency key reused with other parameters', async () => {
    const stripe = await pay.stripe();
    await expect(stripe.checkout.sessions.retrieve('cs_test_nothing')).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 404, code: 'resource_missing' });
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'payment',
      line_items: [{ quantity: 2, price_data: { currency: 'usd', unit_amount: 500, product_data: { name: 'Thing' } } }],
      success_url: 'http://localhost/ok',
      cancel_url: 'http://localhost/no',
    };
    await expect(stripe.checkout.sessions.create({ ...params, allow_promotion_codes: true })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'allow_promotion_codes',
    });
    await expect(stripe.checkout.sessions.create({ ...params, success_url: 'javascript:alert(1)' })).rejects.toMatchObject({ param: 'success_url' });
    const created = await stripe.checkout.sessions.create(params, { idempotencyKey: 'key-1' });
    expect(created.amount_total).toBe(1000);
    expect((await stripe.checkout.sessions.create(params, { idempotencyKey: 'key-1' })).id).toBe(created.id);
    await expect(stripe.checkout.sessions.create({ ...params, cancel_url: 'http://localhost/other' }, { idempotencyKey: 'key-1' })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });
  });
});
