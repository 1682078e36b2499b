import type { DataRouter, Params } from 'react-router';
import { pageTitle, type RouteTitle } from '@/lib/page-title';

interface TitleHandle {
  title?: RouteTitle;
}

/** The title of the deepest matched route that names one (web/app/router.tsx `handle.title`). */
export function routeTitle(matches: { route: { handle?: unknown }; params: Params }[]): string {
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = (matches[i].route.handle as TitleHandle | undefined)?.title;
    if (title) return pageTitle(typeof title === 'function' ? title(matches[i].params) : title);
  }
  return pageTitle();
}

/**
 * Keeps the document title on the route's, and says the new page's title to screen readers after each navigation
 * (a single-page app's navigation is otherwise silent): through the live region `#route-announcer` of index.html,
 * read after the page has had its frame to set a finer title (usePageTitle).
 */
export function followRouteTitles(router: DataRouter) {
  const announcer = document.getElementById('route-announcer');
  let shownKey = router.state.location.key;
  document.title = routeTitle(router.state.matches);
  router.subscribe((state) => {
    // Only a navigation changes the title: another change of the router's state keeps a page's finer one.
    if (state.navigation.state !== 'idle' || state.location.key === shownKey) return;
    shownKey = state.location.key;
    document.title = routeTitle(state.matches);
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        if (announcer) announcer.textContent = document.title;
      }),
    );
  });
}
