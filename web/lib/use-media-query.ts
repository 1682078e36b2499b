import { useCallback, useMemo, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, following it as the window changes. The query's list is made once per
 * component and query: React reads the snapshot on every render and again after each commit, and a new
 * `matchMedia` list each time costs a style evaluation on a busy frame (docs/performance.md, tap → partner's screen).
 */
export function useMediaQuery(query: string): boolean {
  // None while prerendering: there is no window, and the server's snapshot says no.
  const list = useMemo(() => (typeof window === 'undefined' ? null : window.matchMedia(query)), [query]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [list],
  );
  return useSyncExternalStore(
    subscribe,
    () => list?.matches ?? false,
    () => false,
  );
}
