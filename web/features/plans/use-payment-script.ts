import { useEffect, useState } from 'react';
import { usePaymentConfig } from './api/get-payment-config';

export type PaymentScript = 'loading' | 'ready' | 'failed';

/** Stripe.js, fetched only here: no other page carries it (docs/decisions/004). */
async function loadStripeScript(publishableKey: string) {
  const { loadStripe } = await import('@stripe/stripe-js');
  return loadStripe(publishableKey);
}

/**
 * Whether the payment provider's script has loaded, which checkout waits for (spec §5): Stripe.js with the
 * publishable key, or nothing at all for the local provider of local mode and tests, ready at once.
 */
export function usePaymentScript(): PaymentScript {
  const config = usePaymentConfig();
  const [stripe, setStripe] = useState<PaymentScript>('loading');
  const provider = config.data?.provider;
  const key = config.data?.publishableKey;

  useEffect(() => {
    if (provider !== 'stripe' || !key) return;
    let current = true;
    loadStripeScript(key).then(
      (loaded) => current && setStripe(loaded ? 'ready' : 'failed'),
      () => current && setStripe('failed'),
    );
    return () => void (current = false);
  }, [provider, key]);

  if (config.isError) return 'failed';
  if (!provider) return 'loading';
  if (provider === 'local') return 'ready';
  return key ? stripe : 'failed';
}
