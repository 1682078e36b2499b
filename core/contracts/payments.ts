/**
 * Lifetime Gold, bought once (docs/product/plans.md): the checkout session, the success page's check, the payment
 * script's configuration and the provider's webhook. The price is the server's (core/gold-price.ts), never the client's.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

const tags = ['payments'];

/**
 * What the checkout page needs to load the payment script: 'stripe' with the publishable key (Stripe.js), or
 * 'local', the local provider of local mode and tests, whose script is always ready.
 */
export const getPaymentConfig = defineEndpoint({
  method: 'GET',
  path: '/api/payments/config',
  summary: 'Which payment provider the checkout page talks to, and its publishable key',
  tags,
  auth: 'none',
  response: { 200: z.object({ provider: z.enum(['stripe', 'local']), publishableKey: z.string().nullable() }) },
});

/**
 * Creates the provider's hosted checkout for Lifetime Gold (mode payment, the server's price, the user as client
 * reference, success {APP_URL}/success?session_id=…, cancel {APP_URL}/pricing); the browser goes to `url`.
 * 401 'User not authenticated'; 409 ALREADY_GOLD when the couple already has Gold; 502 'Failed to create checkout
 * session' when the provider fails. No body: nothing the client sends decides what is bought or for how much.
 */
export const createCheckoutSession = defineEndpoint({
  method: 'POST',
  path: '/api/payments/checkout-session',
  summary: 'Create the hosted checkout for Lifetime Gold',
  tags,
  auth: 'required',
  response: { 200: z.object({ sessionId: z.string(), url: z.url() }) },
});

/**
 * The success page's check: is Gold active for this user (theirs or their partner's)? With the checkout session's
 * id, a purchase whose webhook has not arrived yet is reconciled from the provider first. 404
 * 'Subscription not found or not active' otherwise; 401 'User not authenticated'.
 */
export const getPaymentStatus = defineEndpoint({
  method: 'GET',
  path: '/api/payments/status',
  summary: 'Whether Lifetime Gold is active for the user, reconciling a just-finished checkout',
  tags,
  auth: 'required',
  query: z.object({ session_id: z.string().max(255).optional() }),
  response: { 200: z.object({ gold: z.literal(true), buyer: z.enum(['you', 'partner']) }) },
});

/** Pushed to both partners' screens when Gold starts or ends for the couple (a purchase, a refund, a lost dispute). */
export const planChangedEvent = z.object({ gold: z.boolean() });
export type PlanChangedEvent = z.infer<typeof planChangedEvent>;

/** What the payment provider's webhook answers for an event it verified: acknowledged, acted on or not. */
export const webhookReceived = z.object({ received: z.literal(true) });
