import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { type TestUser, createCouple } from '../../../test/api-client';
import { nextEvent, paymentsApp } from '../../../test/payments';
import { processedPaymentEvents } from '../../db/schema';

const pay = paymentsApp();
const client = () => pay.app.client;
const connect = (user: TestUser) => pay.app.connect(user.cookie);

describe('the webhook', () => {
  it('refuses an event without a valid signature (400) and grants nothing', async () => {
    const user = await client().signUp();
    const session = await pay.paidCheckout(user);
    const event = pay.event('checkout.session.completed', session);
    const payload = JSON.stringify(event);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_the_secret' });
    const stale = Stripe.webhooks.generateTestHeaderString({ payload, secret: pay.app.t.config.payments.webhookSecret, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const tampered = JSON.stringify({ ...event, data: { object: { ...session, client_reference_id: 'someone-else' } } });
    for (const [signature, body] of [
      [null, payload],
      ['', payload],
      ['t=1,v1=abc', payload],
      [forged, payload],
      [stale, payload],
      [Stripe.webhooks.generateTestHeaderString({ payload, secret: pay.app.t.config.payments.webhookSecret }), tampered],
    ] as const) {
      const res = await pay.send(event, signature, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: { code: 'INVALID_SIGNATURE', message: 'Webhook signature verification failed' } });
    }
    expect(await pay.gold(user)).toBe(false);
    expect(await pay.purchasesOf(user)).toEqual([]);
  });

  it('grants Gold to the couple on a paid checkout: both screens hear it, the buyer gets one receipt', async () => {
    const [a, b] = await createCouple(client());
    const [sa, sb] = await Promise.all([connect(a), connect(b)]);
    const heard = Promise.all([nextEvent(sa, 'plan:changed'), nextEvent(sb, 'plan:changed')]);
    const session = await pay.buyGold(a);
    expect(await heard).toEqual([{ gold: true }, { gold: true }]);
    expect([await pay.gold(a), await pay.gold(b)]).toEqual([true, true]);
    expect(await pay.purchasesOf(a)).toEqual([
      expect.objectContaining({
        provider: 'local',
        providerRef: session.id,
        paymentIntent: session.payment_intent,
        amount: 3999,
        currency: 'usd',
        status: 'active',
        endedAt: null,
      }),
    ]);
    const [receipt] = await pay.receipts(a);
    expect(await pay.receipts(a)).toHaveLength(1);
    expect(receipt.text).toContain('$39.99');
    expect(receipt.text).toContain(`${b.username} has it too`);
    expect(receipt.text).toContain('one-time payment, not a subscription');
    expect(await pay.receipts(b)).toEqual([]);
  });

  it('applies the same event once, and the same checkout once under another event', async () => {
    const user = await client().signUp();
    const session = await pay.paidCheckout(user);
    const event = pay.event('checkout.session.completed', session);
    const replies = await Promise.all([pay.send(event), pay.send(event), pay.send(event)]);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await pay.send(pay.event('checkout.session.completed', session))).status).toBe(200);
    expect((await pay.send(pay.event('checkout.session.async_payment_succeeded', session))).status).toBe(200);
    expect(await pay.purchasesOf(user)).toHaveLength(1);
    expect(await pay.receipts(user)).toHaveLength(1);
    const recorded = await pay.app.t.database.db.select().from(processedPaymentEvents);
    expect(recorded.filter((e) => e.eventId === event.id)).toHaveLength(1);
  });

  it('grants on an asynchronous payment that succeeds later, not on its unpaid completion', async () => {
    const user = await client().signUp();
    const paid = await pay.paidCheckout(user);
    await pay.send(pay.event('checkout.session.completed', { ...paid, payment_status: 'unpaid' }));
    expect(await pay.gold(user)).toBe(false);
    await pay.send(pay.event('checkout.session.async_payment_succeeded', paid));
    expect(await pay.gold(user)).toBe(true);
  });

  it('ignores a paid checkout that is not one of ours for Lifetime Gold', async () => {
    const user = await client().signUp();
    const paid = await pay.paidCheckout(user);
    await pay.send(pay.event('checkout.session.completed', { ...paid, id: 'cs_test_other', metadata: {} }));
    await pay.send(pay.event('checkout.session.completed', { ...paid, id: 'cs_test_nobody', client_reference_id: null }));
    await pay.send(pay.event('checkout.session.completed', { ...paid, id: 'cs_test_gone', client_reference_id: 'deleted-user' }));
    expect(await pay.gold(user)).toBe(false);
  });

  it('acknowledges event types it does not act on', async () => {
    const res = await pay.send(pay.event('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
  });

  it('revokes Gold for both partners on a full refund, live on both screens; a partial refund changes nothing', async () => {
    const [a, b] = await createCouple(client());
    const session = await pay.buyGold(a);
    await pay.send(pay.refundEvent(session.payment_intent!, false));
    expect(await pay.gold(b)).toBe(true);

    const [sa, sb] = await Promise.all([connect(a), connect(b)]);
    const heard = Promise.all([nextEvent(sa, 'plan:changed'), nextEvent(sb, 'plan:changed')]);
    expect((await pay.send(pay.refundEvent(session.payment_intent!))).status).toBe(200);
    expect(await heard).toEqual([{ gold: false }, { gold: false }]);
    expect([await pay.gold(a), await pay.gold(b)]).toEqual([false, false]);
    expect(await pay.purchasesOf(a)).toEqual([expect.objectContaining({ status: 'refunded', endedAt: expect.any(Date) })]);

    // Reloading /success after the refund reconciles nothing back.
    await client().send('GET', `/api/payments/status?session_id=${session.id}`, { as: a, expect: 404 });
  });

  it('revokes Gold on a lost dispute, not on a won one', async () => {
    const [a, b] = await createCouple(client());
    const session = await pay.buyGold(a);
    await pay.send(pay.disputeClosedEvent(session.payment_intent!, 'won'));
    expect(await pay.gold(b)).toBe(true);
    await pay.send(pay.disputeClosedEvent(session.payment_intent!, 'lost'));
    expect([await pay.gold(a), await pay.gold(b)]).toEqual([false, false]);
    expect(await pay.purchasesOf(a)).toEqual([expect.objectContaining({ status: 'revoked' })]);
  });

  it('lets a refund that arrives before its completion win: no Gold, no receipt', async () => {
    const [a, b] = await createCouple(client());
    const session = await pay.paidCheckout(a);
    expect((await pay.send(pay.refundEvent(session.payment_intent!))).status).toBe(200);
    expect((await pay.send(pay.event('checkout.session.completed', session))).status).toBe(200);
    expect([await pay.gold(a), await pay.gold(b)]).toEqual([false, false]);
    expect(await pay.purchasesOf(a)).toEqual([expect.objectContaining({ providerRef: session.id, status: 'refunded' })]);
    expect(await pay.receipts(a)).toEqual([]);
    // Nor does the success page's reconcile grant it.
    await client().send('GET', `/api/payments/status?session_id=${session.id}`, { as: a, expect: 404 });
  });

  it('keeps Gold for the couple when one of two purchases is refunded', async () => {
    const [a, b] = await createCouple(client());
    // Both bought before either screen knew: both checkouts were open at once.
    const [first, second] = [await pay.paidCheckout(a), await pay.paidCheckout(b)];
    for (const session of [first, second]) await pay.send(pay.event('checkout.session.completed', session));
    expect((await pay.receipts(a)).length + (await pay.receipts(b)).length).toBe(2);
    await pay.send(pay.refundEvent(first.payment_intent!));
    expect([await pay.gold(a), await pay.gold(b)]).toEqual([true, true]);
  });
});
