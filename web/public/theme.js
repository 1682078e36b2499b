// The chosen theme before the first paint (docs/decisions/044-dark-mode.md): 'light' or 'dark' from localStorage
// sets data-theme on <html> and points the theme-color metas at it; none follows the system through the
// stylesheet's media query. An external file, as the CSP allows no inline script; tiny, as it blocks the first
// paint. web/lib/theme.ts keeps the same key and does the same on a change.
try {
  var t = localStorage.getItem('twogether.theme');
  if (t === 'light' || t === 'dark') {
    document.documentElement.dataset.theme = t;
    document.querySelectorAll('meta[name="theme-color"]').forEach(function (m) {
      m.media = m.dataset.scheme === t ? 'all' : 'not all';
    });
  }
} catch {
  // Storage refused: the system's theme.
}
