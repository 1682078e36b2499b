import { queryOptions, useQuery } from '@tanstack/react-query';
import { getYourTurn } from '@core/contracts/dashboard';
import { request } from './api';

/**
 * What waits for the signed-in user (docs/product/daily-question.md#on-the-dashboard-and-in-the-bell), for the bell. In
 * web/lib, as `me` is: the bell shows it, and the daily question's answer (another feature) makes it stale.
 */
export const yourTurnQueryOptions = queryOptions({
  queryKey: ['your-turn'],
  queryFn: ({ signal }) => request(getYourTurn, { signal }),
  // The partner answers elsewhere, and nothing pushes an own-pace answer to this user: each look asks again.
  staleTime: 0,
});

export const useYourTurn = () => useQuery(yourTurnQueryOptions);
