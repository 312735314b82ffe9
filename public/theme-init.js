// Runs before the app renders so a stored dark theme never flashes light.
try {
  if (localStorage.getItem('theme') === 'dark') document.documentElement.classList.add('dark');
} catch {
  // Storage can be unavailable (privacy mode); the light theme is the fallback.
}
