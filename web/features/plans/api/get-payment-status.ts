import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as payments from '@core/contracts/payments';
import { ApiError, endpointAt, request } from '@/lib/api';

const getPaymentStatus = endpointAt<typeof payments.getPaymentStatus>('GET', '/api/payments/status');

/**
 * Whether Lifetime Gold is active for the user, and who bought it. With the checkout session's id the server first
 * reconciles a purchase whose confirmation has not arrived yet (docs/product/plans.md#the-checkout-and-success-screens).
 */
export const fetchPaymentStatus = (sessionId: string | null, signal?: AbortSignal) => request(getPaymentStatus, { query: sessionId ? { session_id: sessionId } : {}, signal });

/** Gold and its buyer, or the server's reason there is none ('Subscription not found or not active', 'User not authenticated'). */
export type PaymentOutcome = { gold: true; buyer: 'you' | 'partner' } | { gold: false; message: string };

export const paymentStatusQueryOptions = (sessionId: string | null) =>
  queryOptions({
    queryKey: ['payments', 'status', sessionId],
    // The server's refusal is an answer, kept as data: a later check (after a reconnect) then replaces it in
    // place instead of sending the page back to its loading state.
    queryFn: async ({ signal }): Promise<PaymentOutcome> => {
      try {
        return await fetchPaymentStatus(sessionId, signal);
      } catch (err) {
        if (err instanceof ApiError && (err.status === 401 || err.status === 404)) return { gold: false, message: err.message };
        throw err;
      }
    },
    // Not retried: the server has already asked the provider before answering.
    retry: false,
    staleTime: Infinity,
  });

export const usePaymentStatus = (sessionId: string | null) => useQuery(paymentStatusQueryOptions(sessionId));
