import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as payments from '@core/contracts/payments';
import { endpointAt, request } from '@/lib/api';

const getPaymentConfig = endpointAt<typeof payments.getPaymentConfig>('GET', '/api/payments/config');

export type PaymentConfig = Awaited<ReturnType<typeof fetchPaymentConfig>>;

const fetchPaymentConfig = (signal?: AbortSignal) => request(getPaymentConfig, { signal });

/** Which provider checkout talks to ('stripe' with its publishable key, or the local provider); fixed while the server runs. */
export const paymentConfigQueryOptions = queryOptions({
  queryKey: ['payments', 'config'],
  queryFn: ({ signal }) => fetchPaymentConfig(signal),
  staleTime: Infinity,
});

export const usePaymentConfig = () => useQuery(paymentConfigQueryOptions);
