// Imported by the service worker (vite.config.ts, `importScripts`): shows the server's push messages
// (server/modules/notifications/push-messages.ts) and opens the screen a notification is about when it is tapped.
// Plain JavaScript the browser runs as it is: Vite copies web/public without building it.
// One function scope: importScripts shares the worker's global scope with Workbox's code and sw-routes.js, so a
// top-level name here could clash with theirs.
(function () {
  var GENERIC = { title: 'Twogether', body: 'Something is waiting for you', url: '/' };
  var ICON = '/icons/icon-192.png';

  // The browser decrypted the payload already. One we cannot read still gets a notification: every push was
  // promised to be visible (userVisibleOnly), and one that shows nothing makes the browser show its own "updated in
  // the background" notice instead.
  function readMessage(data) {
    var message;
    try {
      message = data ? data.json() : null;
    } catch {
      message = null;
    }
    if (!message || typeof message !== 'object' || typeof message.title !== 'string' || !message.title) return GENERIC;
    return {
      title: message.title,
      body: typeof message.body === 'string' ? message.body : '',
      url: typeof message.url === 'string' && message.url ? message.url : '/',
      tag: typeof message.tag === 'string' && message.tag ? message.tag : undefined,
      badge: message.badge,
    };
  }

  // The Badging API is missing in some browsers and refused without the notification permission in others: the
  // count on the icon is a nicety, so whatever happens to it stays here and never keeps the notification back.
  function updateBadge(badge) {
    var nav = self.navigator;
    if (typeof badge !== 'number' || !isFinite(badge) || badge < 0 || !nav || typeof nav.setAppBadge !== 'function') return Promise.resolve();
    // Inside then(): an exception thrown at the call becomes a rejection, caught like any other.
    return Promise.resolve()
      .then(function () {
        if (badge > 0) return nav.setAppBadge(Math.floor(badge));
        return typeof nav.clearAppBadge === 'function' ? nav.clearAppBadge() : nav.setAppBadge(0);
      })
      .catch(function () {});
  }

  self.addEventListener('push', function (event) {
    var message = readMessage(event.data);
    var options = { body: message.body, icon: ICON, badge: ICON, data: { url: message.url }, lang: 'en' };
    // A notification with a tag replaces the one before it with that tag (one "your turn" at a time, not a pile).
    if (message.tag) options.tag = message.tag;
    event.waitUntil(Promise.all([self.registration.showNotification(message.title, options), updateBadge(message.badge)]));
  });

  // Only a path of this app is opened: a tap never takes the person to another site, whatever the payload said.
  function targetUrl(raw) {
    var origin = self.location.origin;
    try {
      var url = new URL(typeof raw === 'string' && raw ? raw : '/', origin);
      if (url.origin === origin) return url.href;
    } catch {
      // Not a URL at all: the home screen.
    }
    return new URL('/', origin).href;
  }

  function sameOrigin(client) {
    try {
      return new URL(client.url).origin === self.location.origin;
    } catch {
      return false;
    }
  }

  function focusQuietly(client) {
    // focus() is refused once the tap's permission to take focus has lapsed: the navigation still happens.
    return Promise.resolve(client.focus()).catch(function () {});
  }

  // navigate() works only on a page this worker controls: a tab opened before the worker was installed (or after a
  // hard reload) refuses it, so that page is asked to go there itself.
  function navigateOrAsk(client, url) {
    // Inside then(): a browser without navigate() (the call throws) is asked the same way.
    return Promise.resolve()
      .then(function () {
        return client.navigate(url);
      })
      .catch(function () {
        client.postMessage({ type: 'navigate', url: url });
      });
  }

  self.addEventListener('notificationclick', function (event) {
    var notification = event.notification;
    notification.close();
    var url = targetUrl(notification.data && notification.data.url);
    event.waitUntil(
      self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
        // The most recently focused window comes first: the one the person was last in is reused.
        var ours = windows.filter(sameOrigin);
        for (var i = 0; i < ours.length; i++) {
          if (ours[i].url === url) return focusQuietly(ours[i]);
        }
        // One window of the app, taken to the screen, rather than a new one for every notification tapped.
        if (ours.length) return Promise.all([focusQuietly(ours[0]), navigateOrAsk(ours[0], url)]);
        return self.clients.openWindow(url);
      }),
    );
  });
})();
