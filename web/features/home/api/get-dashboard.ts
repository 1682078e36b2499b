import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardDto } from '@core/contracts';
import { api } from '@/lib/api';

export type { DashboardDto as Dashboard } from '@core/contracts';

/** GET /api/dashboard: the couple's counts, recent moments and days together, in one call. */
export const getDashboard = (signal?: AbortSignal) => api<DashboardDto>('/api/dashboard', { signal });

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
