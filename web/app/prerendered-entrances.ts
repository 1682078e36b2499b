/**
 * Once a prerendered page has hydrated: the entrances its first paint skipped (web/styles.css) stay skipped for the
 * elements already on screen, and what mounts from now on enters as usual. Both in one task, so no element starts its
 * entrance over content the visitor already sees (docs/decisions/047-paint-before-fetching-code.md).
 */
export function endPrerenderedEntrances(root: HTMLElement) {
  if (root.dataset.prerendered === undefined) return;
  for (const element of root.querySelectorAll<HTMLElement>('.animate-fade-up, .animate-pop')) element.style.animation = 'none';
  delete root.dataset.prerendered;
}
