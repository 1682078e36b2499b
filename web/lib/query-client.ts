import { notifyManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { meQueryOptions } from './me';
import { consumeVisitorPage } from './visitor-page';

/**
 * The product's defaults (docs/product/home-and-shell.md#freshness): 5 minutes stale time, 1 retry (a 4xx is an answer,
 * not a failure to retry).
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}

let shared: QueryClient | undefined;

/**
 * The app's one query cache, made when the first screen that needs it loads (the preview at /flow does not:
 * docs/decisions/043-prerendered-public-pages.md). Who is signed in is asked at once, while the screen's code is
 * still loading; on a page the server prerendered for a visitor (no session cookie) the answer is already known.
 */
export function appQueryClient(): QueryClient {
  if (shared) return shared;
  // Screens hear of a cache change at the end of the task that made it, not a task later (TanStack's default is a
  // setTimeout(0)): a partner's pushed answer reaches the screen without waiting its turn behind other tasks
  // (docs/performance.md, tap → partner). React batches what one task changes either way.
  notifyManager.setScheduler(queueMicrotask);
  shared = createQueryClient();
  if (consumeVisitorPage()) shared.setQueryData(meQueryOptions.queryKey, null);
  else void shared.prefetchQuery(meQueryOptions);
  return shared;
}
