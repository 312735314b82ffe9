import { browserStore } from '#client/lib/stored-preference.ts';

type Theme = 'light' | 'dark';

// The key is shared with public/theme-init.js, which applies a stored dark theme before the first paint.
const STORAGE_KEY = 'theme';
const THEME_COLOR: Record<Theme, string> = { light: '#ffffff', dark: '#09090b' };
const store = browserStore<Theme>(STORAGE_KEY, (v) => (v === 'dark' ? 'dark' : 'light'), String);

function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOR[theme]);
}

function setTheme(theme: Theme): void {
  store.set(theme);
  applyTheme(theme);
}

// Another tab changed the theme: follow it so both tabs agree.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY) applyTheme(store.get());
  });
}

export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  return {
    theme: store.use(),
    toggleTheme: () => setTheme(store.get() === 'dark' ? 'light' : 'dark'),
  };
}
