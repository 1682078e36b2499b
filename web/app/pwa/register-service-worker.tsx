/// <reference types="vite-plugin-pwa/client" />
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import { UpdatePrompt } from './update-prompt';

/** How often an open page asks whether a new version was deployed (it also asks when it comes back into view). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (docs/decisions/045-installable-and-offline.md). Loaded by web/main.tsx after the
 * load event through a dynamic import, so nothing of it is in a page's initial JavaScript. A new deployment's
 * worker waits: the page shows "A new version is ready · Refresh", and only the person's Refresh lets it take
 * over (every open tab then reloads, on the change of controller), so a page never runs one version's code
 * against another's.
 */
export function registerServiceWorker() {
  // A page a worker already controlled reloads when another takes over (after a Refresh here or in another tab):
  // its code is the old version's. The first worker taking a page that had none (clientsClaim) changes nothing on it.
  let controlled = !!navigator.serviceWorker.controller;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!controlled) controlled = true;
    else if (!reloading) {
      reloading = true;
      window.location.reload();
    }
  });
  // A notification's tap in a window the worker cannot navigate (web/public/push-handlers.js): go there ourselves.
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string; url?: string }>) => {
    const url = event.data?.type === 'navigate' && typeof event.data.url === 'string' ? new URL(event.data.url, window.location.href) : null;
    if (url && url.origin === window.location.origin) window.location.assign(url.href);
  });
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh: () => showUpdatePrompt(() => void updateSW(true)),
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      const check = () => {
        if (navigator.onLine && !registration.installing) void registration.update().catch(() => undefined);
      };
      setInterval(check, UPDATE_CHECK_MS);
      document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && check());
    },
  });
}

let shown = false;

/** The prompt has its own root beside the app's: it shows on every page, the preview and the signed-in ones alike. */
function showUpdatePrompt(refresh: () => void) {
  if (shown) return;
  shown = true;
  const host = document.createElement('div');
  host.id = 'update-prompt';
  document.body.append(host);
  const root = createRoot(host);
  root.render(
    <UpdatePrompt
      onRefresh={refresh}
      onLater={() => {
        root.unmount();
        host.remove();
      }}
    />,
  );
}
