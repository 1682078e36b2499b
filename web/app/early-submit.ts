/** What the prerendered page's loader (scripts/script-loader.mjs) keeps on `window` until the page runs. */
interface EarlySubmit {
  /** Its capture listener: holds every form sent before hydration instead of the browser's own submission. */
  __tq?: EventListener;
  /** The form last sent before hydration. */
  __ts?: HTMLFormElement;
}

/**
 * Once a prerendered page has hydrated: the loader's hold on submissions ends, and a form the visitor sent before
 * (a tap on "Log in" while the code was still coming) is sent now, through its own React handler, with what is in its
 * fields (docs/decisions/047-paint-before-fetching-code.md).
 */
export function sendEarlySubmit() {
  const early = window as unknown as EarlySubmit;
  if (early.__tq) document.removeEventListener('submit', early.__tq, true);
  const form = early.__ts;
  delete early.__tq;
  delete early.__ts;
  if (form?.isConnected) form.requestSubmit();
}
