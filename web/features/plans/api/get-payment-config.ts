import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPaymentConfig } from '@core/contracts/payments';
import { request } from '@/lib/api';

export type PaymentConfig = Awaited<ReturnType<typeof fetchPaymentConfig>>;

const fetchPaymentConfig = (signal?: AbortSignal) => request(getPaymentConfig, { signal });

/** Which provider checkout talks to ('stripe' with its publishable key, or the local provider); fixed while the server runs. */
export const paymentConfigQueryOptions = queryOptions({
  queryKey: ['payments', 'config'],
  queryFn: ({ signal }) => fetchPaymentConfig(signal),
  staleTime: Infinity,
});

export const usePaymentConfig = () => useQuery(paymentConfigQueryOptions);
