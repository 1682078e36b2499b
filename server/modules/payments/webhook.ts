import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { webhookReceived } from '@core/contracts/payments';
import { badRequest } from '../../http/errors';
import { type Applied, type PaymentDeps, fulfil, revoke } from './fulfil';
import { loadStripe } from './sdk';

export const WEBHOOK_PATH = '/api/payments/webhook';
const MAX_EVENT_BYTES = 512 * 1024;

/**
 * What one verified event does (docs/product/plans.md#the-webhook-the-only-way-to-gold). Every effect is
 * idempotent on the event's id and tolerant of order: a refund that comes before its completion wins.
 */
export function applyEvent(deps: PaymentDeps, event: Stripe.Event): Promise<Applied> {
  const ref = { id: event.id, type: event.type };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return fulfil(deps, event.data.object, ref);
    case 'charge.refunded':
      // A partial refund leaves Gold as it is; only a full one ends it.
      return event.data.object.refunded ? revoke(deps, event.data.object.payment_intent, 'refunded', ref) : Promise.resolve('ignored');
    case 'charge.dispute.closed':
      return event.data.object.status === 'lost' ? revoke(deps, event.data.object.payment_intent, 'revoked', ref) : Promise.resolve('ignored');
    default:
      return Promise.resolve('ignored');
  }
}

/**
 * POST /api/payments/webhook: the provider's events, the only way a purchase is recorded besides the success page's
 * reconcile (which asks the provider itself). The signature covers the exact bytes sent, so this scope reads every
 * body raw, whatever its content type. A missing or wrong signature is a 400 and changes nothing; an event type
 * we do not act on is acknowledged. A failure to apply one is a 500, and the provider sends it again.
 */
export async function webhookRoutes(app: FastifyInstance, opts: { deps: PaymentDeps; webhookSecret: string }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_EVENT_BYTES }, (_request, body, done) => done(null, body));
  app.post(
    WEBHOOK_PATH,
    { bodyLimit: MAX_EVENT_BYTES, schema: { summary: "The payment provider's signed events", tags: ['payments'], response: { 200: webhookReceived } } },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') throw new Error('unsigned');
        event = (await loadStripe()).webhooks.constructEvent(request.body, signature, opts.webhookSecret);
      } catch {
        throw badRequest('Webhook signature verification failed', 'INVALID_SIGNATURE');
      }
      const result = await applyEvent(opts.deps, event);
      request.log.info({ eventId: event.id, type: event.type, result }, 'payment event');
      return { received: true as const };
    },
  );
}
