/**
 * The installed app's icon badge (docs/product/notifications.md#the-badge): what waits for your turn, set live by
 * the page and by the service worker when a push arrives (web/public/push-handlers.js), cleared at nothing. A
 * browser without the Badging API, or a page that is not the installed app, simply shows none.
 */
export function showAppBadge(count: number): void {
  if (typeof navigator === 'undefined' || !('setAppBadge' in navigator)) return;
  const done = count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge();
  // Refused outside the installed app on some browsers: the badge is a nicety, never an error.
  void done.catch(() => undefined);
}
