import type { createBrowserRouter } from 'react-router';

/**
 * A prerendered page's entrances stay off (web/styles.css, `#root[data-prerendered]`) until the visitor goes to
 * another page: the content they already see never starts fading in over itself, whatever hydration does to the
 * elements it takes over. The first navigation lifts it, before the next page renders, so what mounts from then on
 * enters as usual (docs/decisions/047-paint-before-fetching-code.md).
 */
export function keepFirstPageStill(root: HTMLElement, router: ReturnType<typeof createBrowserRouter>) {
  if (root.dataset.prerendered === undefined) return;
  // By its key: the router's own start gives the same location again, as a new object.
  const first = router.state.location.key;
  const unsubscribe = router.subscribe((state) => {
    if (state.location.key === first) return;
    unsubscribe();
    delete root.dataset.prerendered;
  });
}
