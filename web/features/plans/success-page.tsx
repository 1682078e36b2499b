import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { messages } from '@core/messages';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { errorMessage } from '@/lib/api';
import { meQueryOptions, useMe } from '@/lib/me';
import { refreshQueries } from '@/lib/refresh-queries';
import { usePaymentStatus } from './api/get-payment-status';
import { GoldCelebration } from './components/gold-celebration';
import { SuccessFailure } from './components/success-failure';

/**
 * /success, where the provider's checkout returns (docs/product/plans.md#the-checkout-and-success-screens): the
 * server confirms Gold (reconciling a purchase whose confirmation is still on its way), then the celebration, or
 * the server's reason with Try Again.
 */
export function SuccessPage() {
  const [params] = useSearchParams();
  const status = usePaymentStatus(params.get('session_id'));
  const gold = status.data?.gold === true;
  const me = useMe();
  const partner = me.data?.partner?.username ?? null;
  const visitor = me.data === null;
  const queryClient = useQueryClient();

  // Gold is on: the header's plan, the level lists and the dashboard read it again, so every lock opens.
  useEffect(() => {
    if (!gold) return;
    void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
    refreshQueries(queryClient, { predicate: (q) => q.queryKey[0] !== 'me' && q.queryKey[0] !== 'payments' });
  }, [gold, queryClient]);

  return (
    <Page width="medium" className="flex flex-1 flex-col justify-center">
      {status.isPending ? (
        <Card role="status" className="flex flex-col items-center gap-4 py-12 text-center">
          <Loader2 className="size-10 animate-spin text-gold" aria-hidden />
          <p className="text-lg font-semibold text-ink">Confirming your purchase…</p>
        </Card>
      ) : status.isError ? (
        <SuccessFailure message={errorMessage(status.error, messages.payments.notActive)} />
      ) : status.data.gold ? (
        <GoldCelebration buyer={status.data.buyer} partner={partner} />
      ) : (
        <SuccessFailure message={status.data.message} visitor={visitor} />
      )}
    </Page>
  );
}
