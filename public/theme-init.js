// Runs before the app renders so a stored dark theme never flashes light.
// Kept as an external file (not inline) because the Content-Security-Policy allows no inline scripts.
try {
  if (localStorage.getItem('theme') === 'dark') {
    document.documentElement.classList.add('dark');
    var meta = document.querySelector('meta[name="theme-color"]');
    if (meta) meta.setAttribute('content', '#09090b');
  }
} catch {
  // Storage can be unavailable (privacy mode); the light theme is the fallback.
}
