// The chosen theme before the first paint (docs/decisions/044-dark-mode.md); blocking, so kept small (its bytes count in /flow/1's budget).
try {
  var t = localStorage.getItem('twogether.theme');
  if (t === 'light' || t === 'dark') {
    document.documentElement.dataset.theme = t;
    document.querySelectorAll('meta[name="theme-color"]').forEach(function (m) {
      m.media = m.dataset.scheme === t ? 'all' : 'not all';
    });
  }
} catch {
  /* storage refused: the system's theme */
}
