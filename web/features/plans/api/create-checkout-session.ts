import { useMutation } from '@tanstack/react-query';
import type * as payments from '@core/contracts/payments';
import { endpointAt, request } from '@/lib/api';

const createCheckoutSession = endpointAt<typeof payments.createCheckoutSession>('POST', '/api/payments/checkout-session');

/** Asks the server for the provider's hosted checkout; the price and what is bought are the server's, never ours. */
export const useCreateCheckoutSession = () => useMutation({ mutationFn: () => request(createCheckoutSession) });
