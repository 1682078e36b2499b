import { describe, expect, it } from 'vitest';
import { createCheckoutSession, getPaymentConfig, getPaymentStatus } from '@core/contracts/payments';
import { messages } from '@core/messages';
import { getCategories } from '@core/contracts/catalogue';
import { unlinkPartner } from '@core/contracts/partner-links';
import { createSession } from '@core/contracts/sessions';
import { ApiClient, type TestUser, createCouple } from '../../../test/api-client';
import { createTestApp, injectTransport } from '../../../test/app';
import { paymentsApp } from '../../../test/payments';

const pay = paymentsApp();
const client = () => pay.app.client;
const origin = () => pay.app.t.config.appUrl;

describe('checkout', () => {
  it('tells the checkout page which provider to load: the local one, with no publishable key', async () => {
    expect(await client().call(getPaymentConfig)).toEqual({ provider: 'local', publishableKey: null });
  });

  it('refuses a visitor with 401', async () => {
    const res = await client().reply(createCheckoutSession, {}, { expect: 401 });
    expect((res.json as { error: { message: string } }).error.message).toBe(messages.auth.notAuthenticated);
  });

  it("creates the provider's hosted checkout with the server's price, whatever the client sends", async () => {
    const user = await client().signUp();
    const res = await client().send('POST', '/api/payments/checkout-session', {
      as: user,
      body: { amount: 1, unit_amount: 1, price: 'price_cheap', currency: 'eur', quantity: 100, userId: 'someone-else' },
      expect: 200,
    });
    const { sessionId, url } = res.json as { sessionId: string; url: string };
    expect(url).toBe(`${origin()}/local-pay/checkout/${sessionId}`);

    // Read back through the SDK: what the provider holds is what the server asked for.
    const session = await (await pay.stripe()).checkout.sessions.retrieve(sessionId);
    expect(session).toMatchObject({
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 3999,
      currency: 'usd',
      client_reference_id: user.id,
      customer_email: user.email,
      metadata: { userId: user.id, plan: 'lifetime_gold' },
      success_url: `${origin()}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin()}/pricing`,
    });
    const [row] = await pay.app.t.database.db.query.localCheckoutSessions.findMany({ where: (s, { eq }) => eq(s.id, sessionId) });
    expect(row.lineItems).toEqual([{ name: 'Lifetime Gold', quantity: 1, unitAmount: 3999 }]);
  });

  it('gives a double click the same checkout (an idempotency key per user and minute)', async () => {
    const user = await client().signUp();
    const [first, second] = await Promise.all([pay.checkout(user), pay.checkout(user)]);
    expect(second.sessionId).toBe(first.sessionId);
    const other = await pay.checkout(await client().signUp());
    expect(other.sessionId).not.toBe(first.sessionId);
  });

  it('tells a couple that already has Gold so, for the buyer and the partner alike (409)', async () => {
    const [a, b] = await createCouple(client());
    await pay.buyGold(a);
    for (const user of [a, b]) {
      const res = await client().reply(createCheckoutSession, {}, { as: user, expect: 409 });
      expect(res.json).toEqual({ error: { code: 'ALREADY_GOLD', message: messages.payments.alreadyGold } });
    }
  });

  it("answers 502 'Failed to create checkout session' when the provider cannot be reached", async () => {
    // An app that does not listen: its local provider is nowhere to be reached.
    const t = await createTestApp({ RATE_LIMIT: 'false' });
    try {
      const offline = new ApiClient(injectTransport(t.app));
      const user = await offline.signUp();
      const res = await offline.reply(createCheckoutSession, {}, { as: user, expect: 502 });
      expect(res.json).toEqual({ error: { code: 'CHECKOUT_FAILED', message: messages.payments.checkoutFailed } });
    } finally {
      await t.close();
    }
  });
});

describe('the success page’s check', () => {
  it('refuses a visitor, and tells a user with nothing the spec’s text', async () => {
    await client().reply(getPaymentStatus, {}, { expect: 401 });
    const user = await client().signUp();
    for (const query of [{}, { session_id: 'cs_test_unknown' }, { session_id: 'not a session' }]) {
      const res = await client().reply(getPaymentStatus, { query }, { as: user, expect: 404 });
      expect(res.json).toEqual({ error: { code: 'GOLD_NOT_ACTIVE', message: 'Subscription not found or not active' } });
    }
  });

  it('reconciles a paid checkout whose webhook has not arrived: Gold for the couple, one purchase, one receipt', async () => {
    const [a, b] = await createCouple(client());
    const session = await pay.paidCheckout(a);
    expect(await pay.gold(a)).toBe(false);

    expect(await client().call(getPaymentStatus, { query: { session_id: session.id } }, { as: a })).toEqual({ gold: true, buyer: 'you' });
    expect(await client().call(getPaymentStatus, {}, { as: b })).toEqual({ gold: true, buyer: 'partner' });
    expect(await pay.gold(b)).toBe(true);

    // The webhook arrives late, and the page is reloaded: nothing more is recorded or sent.
    expect((await pay.send(pay.event('checkout.session.completed', session))).status).toBe(200);
    await client().call(getPaymentStatus, { query: { session_id: session.id } }, { as: a });
    expect(await pay.purchasesOf(a)).toEqual([
      expect.objectContaining({ provider: 'local', providerRef: session.id, paymentIntent: session.payment_intent, amount: 3999, currency: 'usd', status: 'active' }),
    ]);
    expect(await pay.receipts(a)).toHaveLength(1);
  });

  it("does not fulfil someone else's checkout from its id", async () => {
    const [buyer, stranger] = [await client().signUp(), await client().signUp()];
    const session = await pay.paidCheckout(buyer);
    await client().reply(getPaymentStatus, { query: { session_id: session.id } }, { as: stranger, expect: 404 });
    expect(await pay.purchasesOf(buyer)).toEqual([]);
    expect(await pay.purchasesOf(stranger)).toEqual([]);
  });

  it('does not grant an open (unpaid) checkout', async () => {
    const user = await client().signUp();
    const { sessionId } = await pay.checkout(user);
    await client().reply(getPaymentStatus, { query: { session_id: sessionId } }, { as: user, expect: 404 });
  });
});

describe('Gold belongs to the couple', () => {
  it('stays with the buyer after an unlink, and comes with a Gold partner at once', async () => {
    const [buyer, partner] = await createCouple(client());
    await pay.buyGold(buyer);
    expect([await pay.gold(buyer), await pay.gold(partner)]).toEqual([true, true]);

    await client().call(unlinkPartner, {}, { as: partner });
    expect([await pay.gold(buyer), await pay.gold(partner)]).toEqual([true, false]);
    await client().reply(getPaymentStatus, {}, { as: partner, expect: 404 });

    const newcomer = await client().signUp();
    await client().linkPartners(newcomer, buyer);
    expect(await pay.gold(newcomer)).toBe(true);
    expect(await client().call(getPaymentStatus, {}, { as: newcomer })).toEqual({ gold: true, buyer: 'partner' });

    // The former partner, linked with someone without Gold, stays on the free plan.
    const other = await client().signUp();
    await client().linkPartners(partner, other);
    expect([await pay.gold(partner), await pay.gold(other)]).toEqual([false, false]);
  });

  it('opens the Gold levels to both partners on the server once bought', async () => {
    const [a, b] = await createCouple(client());
    const goldLevel = async (user: TestUser) =>
      (await client().call(getCategories, { params: { gameType: 'would_you_rather' } }, { as: user })).categories.flatMap((c) => c.levels).find((l) => !l.free && l.number === 1)!;
    expect((await goldLevel(b)).lock).toBe('gold');
    await client().reply(createSession, { body: { levelId: (await goldLevel(b)).id } }, { as: b, expect: 402 });
    await pay.buyGold(a);
    expect((await goldLevel(b)).lock).toBe('open');
    await client().reply(createSession, { body: { levelId: (await goldLevel(b)).id } }, { as: b });
  });
});
