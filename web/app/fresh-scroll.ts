/** Where react-router's <ScrollRestoration /> keeps the tab's scroll positions (its default storage key). */
export const SCROLL_POSITIONS_KEY = 'react-router-scroll-positions';

/**
 * react-router keys the first location of every document 'default', so a page opened by its address (a link from
 * outside, a typed URL, a shared session link) would be scrolled to wherever the page this tab opened before was left.
 * A new document starts at the top: forget that one position, unless this load is a reload or a step back or forward,
 * where restoring it is the point.
 */
export function forgetStaleScroll(storage: Storage, navigationType: string | undefined) {
  if (navigationType === 'reload' || navigationType === 'back_forward') return;
  try {
    const positions = JSON.parse(storage.getItem(SCROLL_POSITIONS_KEY) ?? 'null') as Record<string, number> | null;
    if (!positions || !('default' in positions)) return;
    delete positions.default;
    storage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(positions));
  } catch {
    storage.removeItem(SCROLL_POSITIONS_KEY);
  }
}

/** This document's navigation type: 'navigate', 'reload' or 'back_forward'. */
export const navigationType = () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;
