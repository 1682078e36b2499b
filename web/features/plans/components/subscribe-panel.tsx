import { ArrowLeft, CreditCard, Loader2, LockKeyhole } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { messages } from '@core/messages';
import { GOLD_PRICE } from '@core/gold-price';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import { usePaymentConfig } from '../api/get-payment-config';
import { goToHostedCheckout } from '../hosted-checkout';
import { usePaymentScript } from '../use-payment-script';
import { routes } from '@core/routes';

export const PAY_LABEL = `Pay ${GOLD_PRICE} with Stripe`;

/** What a refusal says (spec §8): the spec's texts, whatever the server's wording. */
function checkoutFailure(err: unknown) {
  return err instanceof ApiError && err.status === 401 ? messages.auth.notAuthenticated : messages.payments.checkoutFailed;
}

const toastCheckoutError = (message: string) => toast.error(messages.checkout.errorTitle, { id: 'checkout-error', description: message });

/**
 * The pay button (docs/product/plans.md#the-checkout-and-success-screens): disabled until the provider's script has
 * loaded, 'Processing...' from the click until the browser has left for the hosted checkout, and each failure as
 * the 'Checkout Error' toast and in red on the page.
 */
export function SubscribePanel({ onAlreadyGold }: { onAlreadyGold(): void }) {
  const script = usePaymentScript();
  const provider = usePaymentConfig().data?.provider;
  const checkout = useCreateCheckoutSession();
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  const fail = (message: string) => {
    setError(message);
    toastCheckoutError(message);
  };
  // A script that never loads (blocked, offline) is said at once, not only when someone tries to pay.
  const shownError = error ?? (script === 'failed' ? messages.checkout.scriptNotLoaded : null);
  useEffect(() => {
    if (script === 'failed') toastCheckoutError(messages.checkout.scriptNotLoaded);
  }, [script]);

  // Back from the provider's page with the browser's Back button, this page may come back as it was left.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => event.persisted && setLeaving(false);
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const onPay = () => {
    if (script !== 'ready') return fail(messages.checkout.scriptNotLoaded);
    setError(null);
    checkout.mutate(undefined, {
      onSuccess: ({ url }) => {
        setLeaving(true);
        goToHostedCheckout(url);
      },
      onError: (err) => (err instanceof ApiError && err.code === 'ALREADY_GOLD' ? onAlreadyGold() : fail(checkoutFailure(err))),
    });
  };
  const busy = checkout.isPending || leaving;

  return (
    <div className="flex flex-col items-center gap-4 text-center">
      {shownError && (
        <Alert tone="error" title={messages.checkout.errorTitle} className="w-full text-left">
          {shownError}
        </Alert>
      )}
      <Button variant="gold" size="lg" onClick={onPay} disabled={script !== 'ready'} loading={busy} aria-describedby="checkout-note" className="w-full sm:w-auto sm:min-w-80">
        {busy ? (
          'Processing...'
        ) : (
          <>
            <CreditCard className="size-5" aria-hidden />
            {PAY_LABEL}
          </>
        )}
      </Button>
      {script === 'loading' && (
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-ink-muted">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          Getting the secure checkout ready…
        </p>
      )}
      <p id="checkout-note" className="flex max-w-md items-start gap-2 text-left text-sm leading-relaxed text-ink-muted">
        <LockKeyhole className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden />
        {provider === 'local'
          ? 'Test checkout: this server uses its local payment provider, so you confirm on a test page and no real card is charged.'
          : 'You pay on Stripe’s secure checkout page. Your card details go to Stripe, never to Twogether.'}
      </p>
      <Link to={routes.pricing} className="inline-flex items-center gap-1.5 font-semibold text-brand-strong underline-offset-2 hover:underline">
        <ArrowLeft className="size-4" aria-hidden />
        Back to pricing
      </Link>
    </div>
  );
}
