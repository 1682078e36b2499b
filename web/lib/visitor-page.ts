/**
 * Whether this document is a page the server prerendered for a visitor: it sends one only to a request without a
 * session cookie (server/http/static.ts), so who is signed in is known without asking: nobody. Prerendering itself
 * (no document) renders the visitor's page too.
 */
export function isVisitorPage(): boolean {
  return typeof document === 'undefined' || document.getElementById('root')?.dataset.prerendered !== undefined;
}

/**
 * Reads the mark once: after the first screen has used it, a sign-in in this tab may have changed the answer, so
 * later screens ask the server (the query cache then holds the answer).
 */
export function consumeVisitorPage(): boolean {
  const visitor = isVisitorPage();
  if (typeof document !== 'undefined') delete document.getElementById('root')?.dataset.prerendered;
  return visitor;
}
