// Imported by the service worker (vite.config.ts, `importScripts`): the requests it has nothing to do with go
// straight to the network, without waking the worker or running its fetch handler (the Service Worker static
// routing API, docs/decisions/048-requests-past-the-worker.md). An API call or a Socket.IO request otherwise waits
// for the worker to start and for Workbox to find no route for it: on a phone, milliseconds on every tap's answer.
// A browser without the API runs the fetch handler, which leaves these to the network as well.
self.addEventListener('install', function (event) {
  if (typeof event.addRoutes !== 'function') return;
  event
    .addRoutes([
      { condition: { urlPattern: { pathname: '/api/*' } }, source: 'network' },
      { condition: { urlPattern: { pathname: '/socket.io/*' } }, source: 'network' },
    ])
    .catch(function () {
      // Routes the browser refuses leave the fetch handler in charge: slower, not wrong.
    });
});
