import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionSnapshotDto } from '@core/contracts';
import { api, ApiError } from '@/lib/api';
import { refreshQueries } from '@/lib/refresh-queries';

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
    // The signal is left unread on purpose: a screen that remounts while a read is running (a lazy route settling)
    // would otherwise cancel it and ask again; unread, the running read is kept and shared.
    queryFn: () => getSession(sessionId),
    // Pushed events and every (re)connect invalidate it; no stale window between two screens.
    staleTime: 0,
    retry: (count, err) => (isAccessDenied(err) ? count < ACCESS_ATTEMPTS - 1 : count < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500)),
    retryDelay: (_count, err) => (isAccessDenied(err) ? ACCESS_RETRY_MS : 1000),
  });

export const useSession = (sessionId: string) => useQuery(sessionQueryOptions(sessionId));

/** Asks for the snapshot again after a change, without cancelling a read already running. */
export const refreshSession = (queryClient: QueryClient, sessionId: string) => refreshQueries(queryClient, { queryKey: sessionQueryOptions(sessionId).queryKey, exact: true });
