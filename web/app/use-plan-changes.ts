import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { fetchPaymentStatus } from '@/features/plans/api/get-payment-status';
import { meQueryOptions, useMe } from '@/lib/me';
import { useRealtimeEvent } from '@/lib/realtime';
import { refreshQueries } from '@/lib/refresh-queries';
import { routes } from '@core/routes';

/**
 * Gold started or ended for the couple (docs/product/plans.md#the-checkout-and-success-screens): the plan badge, the
 * level locks and the dashboard read again on both partners' screens, without a reload. The buyer hears of it on
 * /success; anywhere else a toast says who opened everything.
 */
export function usePlanChanges() {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const partner = useMe().data?.partner?.username;

  useRealtimeEvent('plan:changed', ({ gold }) => {
    void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
    refreshQueries(queryClient, { predicate: (q) => q.queryKey[0] !== 'me' });
    if (pathname === routes.success) return;
    if (!gold) {
      toast('Lifetime Gold has ended', { id: 'plan-changed', description: 'Your couple is back on the free plan.' });
      return;
    }
    // The event says only that Gold is on; who bought it decides the words.
    fetchPaymentStatus(null).then(
      ({ buyer }) =>
        toast.success('Lifetime Gold is on!', {
          id: 'plan-changed',
          description: buyer === 'partner' ? `${partner ?? 'Your partner'} unlocked everything for you both.` : 'Everything is unlocked for you both.',
        }),
      () => undefined,
    );
  });
}
