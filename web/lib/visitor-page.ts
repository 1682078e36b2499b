/**
 * Whether this document is a page the server prerendered for a visitor: it sends one only to a request without a
 * session cookie (server/http/static.ts), so who is signed in is known without asking: nobody. Prerendering itself
 * (no document) renders the visitor's page too.
 */
export function isVisitorPage(): boolean {
  return typeof document === 'undefined' || document.getElementById('root')?.dataset.prerendered !== undefined;
}

let consumed = false;

/**
 * Reads the mark once: after the first screen has used it, a sign-in in this tab may have changed the answer, so
 * later screens ask the server (the query cache then holds the answer). The mark itself stays on the page until the
 * first navigation, which keeps the first page's entrances off (web/app/prerendered-entrances.ts).
 */
export function consumeVisitorPage(): boolean {
  const visitor = !consumed && isVisitorPage();
  consumed = true;
  return visitor;
}
