import { ArrowLeft, CreditCard, Info } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** The Stripe button. Card payments are not switched on in this release, so it is shown disabled and says why. */
export function SubscribePanel() {
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <Button size="lg" disabled aria-describedby="subscribe-unavailable" className="w-full sm:w-auto sm:min-w-72">
        <CreditCard className="size-5" aria-hidden />
        Subscribe with Stripe
      </Button>
      <p id="subscribe-unavailable" className="flex items-start gap-2 text-left text-sm font-medium text-ink">
        <Info className="mt-0.5 size-4 shrink-0 text-brand-strong" aria-hidden />
        Card payments are not enabled on this server yet.
      </p>
      <p className="text-sm text-ink-muted">Payments are processed by Stripe. Your card details go to Stripe, never to Twogether.</p>
      <Link to="/pricing" className="inline-flex items-center gap-1.5 font-semibold text-brand-strong underline-offset-2 hover:underline">
        <ArrowLeft className="size-4" aria-hidden />
        Back to pricing
      </Link>
    </div>
  );
}
