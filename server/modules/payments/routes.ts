import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { createCheckoutSession, getPaymentConfig, getPaymentStatus } from '@core/contracts/payments';
import { GOLD_PRICE_CENTS, GOLD_PRICE_CURRENCY } from '@core/gold-price';
import { refuse } from '../../domain-errors';
import { route } from '../../http/route';
import { getMe } from '../account/service';
import { GOLD_PLAN, type PaymentDeps, fulfil, goldOf } from './fulfil';
import type { PaymentClient } from './stripe-client';
import { webhookRoutes } from './webhook';

/** A checkout session's id as the provider makes them: anything else is not asked about. */
const CHECKOUT_SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;
/** One checkout per user per minute: a double click, or a retry after a lost answer, gets the same session. */
const IDEMPOTENCY_WINDOW_MS = 60_000;

/** The hosted checkout of Lifetime Gold: the server's price, the user as client reference, back to APP_URL. */
export function goldCheckoutParams(user: { id: string; email: string }, appUrl: string): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    line_items: [{ quantity: 1, price_data: { currency: GOLD_PRICE_CURRENCY, unit_amount: GOLD_PRICE_CENTS, product_data: { name: 'Lifetime Gold' } } }],
    client_reference_id: user.id,
    customer_email: user.email,
    metadata: { userId: user.id, plan: GOLD_PLAN },
    success_url: `${appUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${appUrl}/pricing`,
  };
}

/**
 * Lifetime Gold, bought once (docs/product/plans.md#checkout): the payment script's configuration, the hosted
 * checkout, the success page's check with its reconcile, and the provider's webhook.
 */
export async function paymentRoutes(app: FastifyInstance, opts: { deps: PaymentDeps; payments: PaymentClient }) {
  const { deps, payments } = opts;
  const { db } = deps;

  route(app, getPaymentConfig, async () => ({ provider: payments.provider, publishableKey: payments.publishableKey }));

  route(app, createCheckoutSession, async ({ viewer, request }) => {
    const me = await getMe(db, viewer.id);
    if (me.gold) throw refuse('ALREADY_GOLD');
    let session: Stripe.Checkout.Session;
    try {
      // oxlint-disable-next-line twogether/no-wall-clock -- Stripe keeps the keys: a window of real seconds (decision 032).
      const idempotencyKey = `gold-checkout-${viewer.id}-${Math.floor(Date.now() / IDEMPOTENCY_WINDOW_MS)}`;
      session = await (await payments.stripe()).checkout.sessions.create(goldCheckoutParams(me, app.config.appUrl), { idempotencyKey });
    } catch (err) {
      request.log.warn({ err }, 'the payment provider did not create a checkout session');
      throw refuse('CHECKOUT_FAILED');
    }
    if (!session.url) throw refuse('CHECKOUT_FAILED');
    return { sessionId: session.id, url: session.url };
  });

  /** The success page: Gold now? If not and the user just paid, the provider is asked before the answer is no. */
  route(app, getPaymentStatus, async ({ viewer, query, request }) => {
    let plan = await goldOf(db, viewer.id);
    const sessionId = query.session_id;
    if (!plan.gold && sessionId && CHECKOUT_SESSION_ID.test(sessionId)) {
      try {
        const session = await (await payments.stripe()).checkout.sessions.retrieve(sessionId);
        // Someone else's checkout is neither fulfilled nor described here.
        if (session.client_reference_id === viewer.id) await fulfil(deps, session);
      } catch (err) {
        request.log.warn({ err }, 'the payment provider could not be asked about a checkout session');
      }
      plan = await goldOf(db, viewer.id);
    }
    if (!plan.gold) throw refuse('GOLD_NOT_ACTIVE');
    return plan;
  });

  await app.register(webhookRoutes, { deps, webhookSecret: payments.webhookSecret });
}
