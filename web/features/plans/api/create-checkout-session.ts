import { useMutation } from '@tanstack/react-query';
import { createCheckoutSession } from '@core/contracts/payments';
import { request } from '@/lib/api';

/** Asks the server for the provider's hosted checkout; the price and what is bought are the server's, never ours. */
export const useCreateCheckoutSession = () => useMutation({ mutationFn: () => request(createCheckoutSession) });
