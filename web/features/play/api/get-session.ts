import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionSnapshotDto } from '@core/contracts';
import { api, ApiError } from '@/lib/api';

export type { SessionSnapshotDto as SessionSnapshot } from '@core/contracts';

/** Spec 001 §5, §9: a partner who has just linked may be refused at first: access is attempted up to 3 times, 800 ms apart. */
const ACCESS_ATTEMPTS = 3;
const ACCESS_RETRY_MS = 800;

export const isAccessDenied = (err: unknown) => err instanceof ApiError && err.status === 403;

export const getSession = (sessionId: string, signal?: AbortSignal) => api<SessionSnapshotDto>(`/api/sessions/${encodeURIComponent(sessionId)}`, { signal });

/** The session as this player may see it; both screens render only from this, the server's truth. */
export const sessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['sessions', sessionId],
    queryFn: ({ signal }) => getSession(sessionId, signal),
    // Pushed events and every (re)connect invalidate it; no stale window between two screens.
    staleTime: 0,
    retry: (count, err) => (isAccessDenied(err) ? count < ACCESS_ATTEMPTS - 1 : count < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500)),
    retryDelay: (_count, err) => (isAccessDenied(err) ? ACCESS_RETRY_MS : 1000),
  });

export const useSession = (sessionId: string) => useQuery(sessionQueryOptions(sessionId));

const refreshAfterFetch = new WeakSet<object>();

/**
 * Asks for the snapshot again after a change. A change that lands while a request is already running is not
 * allowed to cancel it (each cancel is an aborted GET, dozens a level) and is not dropped either (that request
 * may have been answered before the change): one more request follows when the running one is done.
 */
export function refreshSession(queryClient: QueryClient, sessionId: string) {
  const { queryKey } = sessionQueryOptions(sessionId);
  const cache = queryClient.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  if (query?.state.fetchStatus !== 'fetching') return void queryClient.invalidateQueries({ queryKey, exact: true }, { cancelRefetch: false });
  if (refreshAfterFetch.has(query)) return;
  refreshAfterFetch.add(query);
  const unsubscribe = cache.subscribe((event) => {
    if (event.query !== query || query.state.fetchStatus === 'fetching') return;
    unsubscribe();
    refreshAfterFetch.delete(query);
    void queryClient.invalidateQueries({ queryKey, exact: true }, { cancelRefetch: false });
  });
}
