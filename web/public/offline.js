// The offline page (web/app/pwa/offline-page.html) opens the page asked for again once the connection is back.
// An external file, as the Content-Security-Policy allows no inline script.
window.addEventListener('online', function () {
  location.reload();
});
