import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDashboard as dashboardEndpoint } from '@core/contracts/dashboard';
import { request } from '@/lib/api';

export type { Dashboard } from '@core/contracts/dashboard';

export const getDashboard = (signal?: AbortSignal) => request(dashboardEndpoint, { signal });

export const dashboardQueryOptions = queryOptions({
  queryKey: ['dashboard'],
  queryFn: ({ signal }) => getDashboard(signal),
  // Either partner can start a session on any screen and nothing pushes that here, so coming back home
  // always asks again (the cached numbers stay on screen meanwhile).
  staleTime: 0,
});

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}
