import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSession as getSessionEndpoint } from '@core/contracts/sessions';
import { ApiError, request } from '@/lib/api';

export type { SessionSnapshot, SnapshotOf } from '@core/contracts/sessions';

/**
 * A partner who has just linked may be refused at first: access is attempted up to 3 times, 800 ms apart
 * (docs/product/sessions-and-games.md#access-denied).
 */
const ACCESS_ATTEMPTS = 3;
const ACCESS_RETRY_MS = 800;

export const isAccessDenied = (err: unknown) => err instanceof ApiError && err.status === 403;

/**
 * The question session of an unpartnered creator, opened by an unpartnered user: the server asks "Link with
 * {username} and join?" (its message) instead of refusing (docs/decisions/019). Asked once, not retried.
 */
export const isLinkOffer = (err: unknown): err is ApiError => isAccessDenied(err) && (err as ApiError).code === 'LINK_OFFER';

export const getSession = (sessionId: string) => request(getSessionEndpoint, { params: { id: sessionId } });

/**
 * The session as this player may see it. Read once per page, then kept current by what the server pushes and
 * answers (session-sync.ts); read again only after a reconnect that finds a newer version, or a missed event.
 */
export const sessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['sessions', sessionId],
    // The signal is left unread on purpose: a screen that remounts while a read is running (a lazy route settling)
    // would otherwise cancel it and ask again; unread, the running read is kept and shared.
    queryFn: () => getSession(sessionId),
    // Pushed state keeps it fresh; nothing else may read it again behind the events' back.
    staleTime: Infinity,
    // The room's join tells whether anything was missed: a blanket refresh on reconnect would read it for nothing.
    meta: { keptLive: true },
    retry: (count, err) =>
      isLinkOffer(err) ? false : isAccessDenied(err) ? count < ACCESS_ATTEMPTS - 1 : count < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
    retryDelay: (_count, err) => (isAccessDenied(err) ? ACCESS_RETRY_MS : 1000),
  });

export const useSession = (sessionId: string) => useQuery(sessionQueryOptions(sessionId));
