import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/**
 * The product's defaults (docs/product/home-and-shell.md#freshness): 5 minutes stale time, 1 retry (a 4xx is an answer,
 * not a failure to retry).
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}
