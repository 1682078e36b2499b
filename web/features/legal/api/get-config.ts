import { queryOptions, useQuery } from '@tanstack/react-query';
import { getConfig } from '@core/contracts/system';
import { request } from '@/lib/api';

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
