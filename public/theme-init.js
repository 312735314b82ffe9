// Runs before the app renders so no page flashes the wrong theme: a stored 'light' or 'dark'
// choice wins, otherwise the system's appearance (prefers-color-scheme) decides.
// Kept as an external file (not inline) because the Content-Security-Policy allows no inline scripts.
(function () {
  var stored = null;
  try {
    stored = localStorage.getItem('theme');
  } catch {
    // Storage can be unavailable (privacy mode): follow the system.
  }
  var chosen = stored === 'light' || stored === 'dark';
  var dark = chosen ? stored === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
  if (dark) document.documentElement.classList.add('dark');
  // index.html gives the browser's bar a colour per system appearance; a choice overrides both.
  if (chosen) {
    var metas = document.querySelectorAll('meta[name="theme-color"]');
    for (var i = 0; i < metas.length; i += 1) {
      metas[i].setAttribute('content', dark ? '#09090b' : '#ffffff');
    }
  }
})();
