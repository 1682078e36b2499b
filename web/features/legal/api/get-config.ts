import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as system from '@core/contracts/system';
import { endpointAt, request } from '@/lib/api';

const getConfig = endpointAt<typeof system.getConfig>('GET', '/api/config');

export type { PublicConfig } from '@core/contracts/system';

export const configQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => request(getConfig, { signal }),
  // Server settings do not change while the app is open.
  staleTime: Infinity,
});

export function useConfig() {
  return useQuery(configQueryOptions);
}
