import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import type { PaymentsConfig } from '../../config';
import { loadStripe } from './sdk';

export type PaymentProviderName = PaymentsConfig['provider'];

/** Where this app listens, once it does: the local provider answers there (local-provider-routes.ts). */
export type OwnAddress = () => AddressInfo | string | null;

export interface PaymentClient {
  provider: PaymentProviderName;
  /** The official SDK: Stripe's servers, or the local provider on this app's own port. Loaded and built on first use. */
  stripe(): Promise<Stripe>;
  webhookSecret: string;
  publishableKey: string | null;
}

/** The same options in both modes; only where the SDK connects, and with which key, differ. */
const SDK_OPTIONS = { maxNetworkRetries: 2, timeout: 15_000, appInfo: { name: 'Twogether' } } satisfies Stripe.StripeConfig;

/** A wildcard listening address is reached on the loopback of its family. */
function loopback(address: AddressInfo): { host: string; port: number } {
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return { host, port: address.port };
}

/**
 * The payment provider's SDK (docs/decisions/020-payments-local-provider.md). With Stripe's keys it talks to Stripe.
 * Without them (local mode and tests; the configuration refuses that in production) it talks to the local
 * provider, which this app serves under /v1 on its own port: the SDK is pointed there by host, port and protocol,
 * and everything the app does with it is the same code as with Stripe.
 */
export function createPaymentClient(config: PaymentsConfig, ownAddress: OwnAddress): PaymentClient {
  let remote: Stripe | undefined;
  let local: { key: string; sdk: Stripe } | undefined;
  return {
    provider: config.provider,
    webhookSecret: config.webhookSecret,
    publishableKey: config.publishableKey,
    async stripe() {
      const Stripe = await loadStripe();
      if (config.provider === 'stripe') return (remote ??= new Stripe(config.secretKey, SDK_OPTIONS));
      const address = ownAddress();
      if (!address || typeof address === 'string') throw new Error('the local payment provider answers only once the app listens on a TCP port');
      const { host, port } = loopback(address);
      const key = `${host}:${port}`;
      if (local?.key !== key) local = { key, sdk: new Stripe(config.secretKey, { ...SDK_OPTIONS, host, port, protocol: 'http' }) };
      return local.sdk;
    },
  };
}
