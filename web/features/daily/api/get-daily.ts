import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { type Daily, getDaily as endpoint } from '@core/contracts/daily';
import { request } from '@/lib/api';

export type { Daily, DailyDay } from '@core/contracts/daily';

export const getDaily = (signal?: AbortSignal) => request(endpoint, { signal });

export const dailyQueryOptions = queryOptions({
  queryKey: ['daily'],
  queryFn: ({ signal }) => getDaily(signal),
  // The couple's day turns at a midnight this screen cannot see, and the partner answers elsewhere: coming back asks
  // again (what is cached stays on screen meanwhile), as the dashboard does.
  staleTime: 0,
});

export const useDaily = ({ enabled = true } = {}) => useQuery({ ...dailyQueryOptions, enabled });

/** Puts the days as the server last gave them (an answer's reply, a partner's `daily:answered`) in place. */
export const setDaily = (queryClient: QueryClient, daily: Daily) => queryClient.setQueryData(dailyQueryOptions.queryKey, daily);
