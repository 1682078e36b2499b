import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from 'react-router';
import { followRouteTitles } from './app/document-title';
import { forgetStaleScroll, navigationType } from './app/fresh-scroll';
import { sendEarlySubmit } from './app/early-submit';
import { keepFirstPageStill } from './app/prerendered-entrances';
import { routes } from './app/router';
import './styles.css';

forgetStaleScroll(sessionStorage, navigationType());

const container = document.getElementById('root')!;

/**
 * The routes this address matches, their code loaded: hydration must render what the prerender rendered, not the
 * lazy routes' fallback (docs/decisions/043-prerendered-public-pages.md).
 */
async function loadMatchedRoutes(all: RouteObject[]) {
  const matches = matchRoutes(all, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy());
      delete route.lazy;
    }),
  );
}

/**
 * The service worker, registered after the load event and once the page runs, from a chunk of its own: it adds
 * nothing to a page's initial JavaScript or its hydration (docs/decisions/045-installable-and-offline.md).
 */
function registerServiceWorkerLater() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void import('./app/pwa/register-service-worker').then((m) => m.registerServiceWorker());
  if (document.readyState === 'complete') setTimeout(register, 0);
  else window.addEventListener('load', register, { once: true });
}

/**
 * Marks the page as running (`<html data-ready>`) once React has committed it: a prerendered form looks ready
 * before it is, and a test that types into it first would type into HTML that hydration then takes over.
 */
function MarkReady() {
  useEffect(() => {
    sendEarlySubmit();
    document.documentElement.dataset.ready = '';
    performance.mark('twogether:ready');
    registerServiceWorkerLater();
  }, []);
  return null;
}

function app() {
  const router = createBrowserRouter(routes);
  followRouteTitles(router);
  keepFirstPageStill(container, router);
  return (
    <StrictMode>
      <RouterProvider router={router} />
      <MarkReady />
    </StrictMode>
  );
}

// A public page arrives prerendered (server/http/static.ts) and is hydrated; every other page is rendered here.
// Hydration runs as a transition: React then yields to the browser every few milliseconds instead of holding the
// main thread for the whole page. An input that arrives meanwhile makes React finish hydrating at once, then handle
// it (docs/decisions/050-public-pages-run-less.md).
if (container.dataset.prerendered !== undefined) {
  void loadMatchedRoutes(routes).then(() => {
    const element = app();
    startTransition(() => void hydrateRoot(container, element));
  });
} else {
  createRoot(container).render(app());
}
