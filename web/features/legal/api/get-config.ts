import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The public settings of GET /api/config. */
export interface PublicConfig {
  contactEmail: string;
  requireEmailVerification: boolean;
  devMailbox: boolean;
}

export const configQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => api<PublicConfig>('/api/config', { signal }),
  // Server settings do not change while the app is open.
  staleTime: Infinity,
});

export function useConfig() {
  return useQuery(configQueryOptions);
}
