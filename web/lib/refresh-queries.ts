import type { Query, QueryClient, QueryFilters } from '@tanstack/react-query';

const refreshAfterFetch = new WeakSet<Query>();

/**
 * Reads the matching queries again after a change, without cancelling a request already running (each cancel is
 * an aborted GET) and without trusting it either (it may have been answered before the change): such a query is
 * read once more when its request is done.
 */
export function refreshQueries(queryClient: QueryClient, filters: QueryFilters = {}) {
  const cache = queryClient.getQueryCache();
  for (const query of cache.findAll(filters)) {
    if (query.state.fetchStatus !== 'fetching') {
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }, { cancelRefetch: false });
      continue;
    }
    if (refreshAfterFetch.has(query)) continue;
    refreshAfterFetch.add(query);
    const unsubscribe = cache.subscribe((event) => {
      if (event.query !== query || query.state.fetchStatus === 'fetching') return;
      unsubscribe();
      refreshAfterFetch.delete(query);
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }, { cancelRefetch: false });
    });
  }
}
