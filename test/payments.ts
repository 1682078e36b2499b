/**
 * What the payment tests share: an app whose APP_URL is its own address (so the local provider's webhook reaches
 * it over HTTP), the official SDK pointed at its local provider, and events signed as Stripe signs them.
 */
import { eq } from 'drizzle-orm';
import pino from 'pino';
import Stripe from 'stripe';
import type { Socket } from 'socket.io-client';
import { createCheckoutSession } from '../core/contracts/payments';
import { purchases } from '../server/db/schema';
import { receiptJob } from '../server/modules/payments/receipt';
import { createLocalProvider } from '../server/modules/payments/local-provider';
import type { Actor, TestUser } from './api-client';
import { jobsSettled } from './jobs';
import { listeningApp } from './sockets';

let counter = 0;
const eventId = () => `evt_test_${Date.now().toString(36)}_${++counter}`;

export function paymentsApp() {
  const app = listeningApp({}, { ownOrigin: true });
  const secrets = () => app.t.config.payments;

  const harness = {
    app,
    /** The SDK as the app builds it in local mode: the local provider on the app's own port. */
    stripe: () => new Stripe(secrets().secretKey, { host: '127.0.0.1', port: new URL(app.url).port, protocol: 'http' }),
    /** The local provider's store, to complete a checkout without delivering its event (a webhook that never came). */
    provider: () => createLocalProvider({ db: app.t.database.db, appUrl: app.t.config.appUrl, webhookSecret: secrets().webhookSecret, log: pino({ level: 'silent' }) }),

    /** Creates the user's checkout through the API: the session id and the hosted page's URL. */
    async checkout(user: Actor) {
      return app.client.call(createCheckoutSession, {}, { as: user });
    },

    /** A Stripe event around an object, as its webhook carries one. */
    event: (type: string, object: object, id = eventId()) => ({
      id,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object },
      livemode: false,
    }),

    /** POSTs an event to the webhook, signed with the app's secret unless another signature header is given. */
    async send(event: object, signature?: string | null, payload = JSON.stringify(event)) {
      const header = signature === undefined ? Stripe.webhooks.generateTestHeaderString({ payload, secret: secrets().webhookSecret }) : signature;
      return fetch(`${app.url}/api/payments/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', ...(header === null ? {} : { 'stripe-signature': header }) },
        body: payload,
      });
    },

    /** The user's checkout, paid at the provider (no event delivered): what `checkout.session.completed` would carry. */
    async paidCheckout(user: Actor) {
      const { sessionId } = await harness.checkout(user);
      const paid = await harness.provider().complete(sessionId);
      if (!paid) throw new Error(`checkout ${sessionId} could not be completed`);
      return paid;
    },

    /** Pays the user's checkout and delivers its completion to the webhook, as the hosted page's Pay does. */
    async buyGold(user: Actor) {
      const session = await harness.paidCheckout(user);
      const res = await harness.send(harness.event('checkout.session.completed', session));
      if (res.status !== 200) throw new Error(`the webhook answered ${res.status}`);
      return session;
    },

    /** A full refund of a payment intent (`refunded: false` for a partial one). */
    refundEvent: (paymentIntent: string, refunded = true) =>
      harness.event('charge.refunded', {
        id: `ch_test_${++counter}`,
        object: 'charge',
        amount: 3999,
        amount_refunded: refunded ? 3999 : 1000,
        payment_intent: paymentIntent,
        refunded,
      }),

    disputeClosedEvent: (paymentIntent: string, status: 'lost' | 'won') =>
      harness.event('charge.dispute.closed', { id: `dp_test_${++counter}`, object: 'dispute', amount: 3999, payment_intent: paymentIntent, status }),

    purchasesOf: (user: TestUser) => app.t.database.db.select().from(purchases).where(eq(purchases.userId, user.id)),

    gold: async (user: Actor) => (await app.client.me(user)).user?.gold,

    /** The Gold receipts sent to this address, once no receipt job waits or runs (they are sent by the job queue). */
    async receipts(user: TestUser) {
      await jobsSettled(app.t.database, receiptJob.name);
      return app.t.mails.filter((m) => m.to === user.email && m.subject === 'Welcome to Lifetime Gold');
    },
  };
  return harness;
}

/** The next event of this name on a socket. */
export const nextEvent = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));
