import type Stripe from 'stripe';

let loading: Promise<typeof Stripe> | undefined;

/**
 * Stripe's SDK, loaded on the first payment, webhook or local-provider event rather than at every start: it is
 * the largest package the server bundles, and a couple's app may not take a payment for days (docs/performance.md).
 */
export function loadStripe(): Promise<typeof Stripe> {
  return (loading ??= import('stripe').then((module) => module.default));
}
