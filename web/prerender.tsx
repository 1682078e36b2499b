/**
 * The build's prerender entry (scripts/prerender.mjs): the public pages rendered to HTML over the same route objects
 * the browser uses, as a visitor sees them, so their first paint does not wait for the JavaScript
 * (docs/decisions/043-prerendered-public-pages.md). The browser hydrates them (web/main.tsx).
 */
import { type ReactNode, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { PREVIEW_STEPS } from '@core/preview';
import { routeTitle } from './app/document-title';
import { routes as appRoutes } from './app/router';
import { routes } from '@core/routes';

/** Every public page a visitor may land on; the signed-in pages stay rendered in the browser. */
export const PRERENDERED_PATHS = [
  ...Array.from({ length: PREVIEW_STEPS }, (_, i) => routes.previewStep(i + 1)),
  routes.login,
  routes.signup,
  routes.forgotPassword,
  routes.pricing,
  routes.privacy,
  routes.terms,
  routes.contact,
];

/** The markup of one page, as the root element's content, and its document title. */
export async function render(pathname: string): Promise<{ markup: string; title: string }> {
  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} answers ${context.status}, not a page`);
  if (context.statusCode !== 200) throw new Error(`${pathname} renders status ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = (
    <StrictMode>
      {/* hydrate={false}: no inline script with the router's state (the Content-Security-Policy allows none, and there is
          no loader data to carry); the browser builds the same state from the address. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>
  );
  // The first pass loads the page's lazy parts (a step of the preview); the second renders them in place. A part
  // that suspends while rendering would arrive as a fallback and an inline script that swaps it, which the
  // Content-Security-Policy refuses.
  await renderOnce(pathname, page);
  const html = await renderOnce(pathname, page);
  if (/<script/i.test(html)) throw new Error(`${pathname} still suspends after its lazy parts loaded`);
  return { markup: html, title: routeTitle(context.matches) };
}

async function renderOnce(pathname: string, page: ReactNode): Promise<string> {
  const errors: unknown[] = [];
  // progressiveChunkSize: a large part (the preview's report) stays in place instead of arriving after the shell.
  const { prelude } = await prerender(page, { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void errors.push(error) });
  // A component that failed here would be left to the browser to render: a page that is not the visitor's at first paint.
  if (errors.length) throw new Error(`${pathname} failed to prerender: ${String(errors[0])}`, { cause: errors[0] });
  return new Response(prelude).text();
}
