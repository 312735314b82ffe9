import { browserStore } from '#client/lib/stored-preference.ts';

/** What the person picked: follow the system, or always light, or always dark. */
export type ThemeChoice = 'system' | 'light' | 'dark';
type Theme = 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

// The key and colours are shared with public/theme-init.js, which applies the theme before the
// first paint. 'system' is the absence of a stored choice.
const STORAGE_KEY = 'theme';
const THEME_COLOR: Record<Theme, string> = { light: '#ffffff', dark: '#09090b' };
const DARK_QUERY = '(prefers-color-scheme: dark)';

const store = browserStore<ThemeChoice>(
  STORAGE_KEY,
  (stored) => (stored === 'light' || stored === 'dark' ? stored : 'system'),
  (choice) => (choice === 'system' ? null : choice),
);

function systemTheme(): Theme {
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

function applyTheme(): void {
  const choice = store.get();
  const theme = choice === 'system' ? systemTheme() : choice;
  document.documentElement.classList.toggle('dark', theme === 'dark');
  // Following the system, each theme-color keeps its own appearance (index.html's media queries).
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    const own: Theme = meta.media.includes('dark') ? 'dark' : 'light';
    meta.content = THEME_COLOR[choice === 'system' ? own : theme];
  }
}

if (typeof window !== 'undefined') {
  // Another tab changed the choice: follow it so both tabs agree.
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY || event.key === null) applyTheme();
  });
  // The system switched between light and dark (at dusk, say): follow it unless a theme is picked.
  window.matchMedia(DARK_QUERY).addEventListener('change', applyTheme);
}

function setChoice(choice: ThemeChoice): void {
  store.set(choice);
  applyTheme();
}

export function useTheme(): { choice: ThemeChoice; setChoice: (choice: ThemeChoice) => void } {
  return { choice: store.use(), setChoice };
}

/** True once a value is known to be a theme choice (from a menu's string value). */
export function isThemeChoice(value: unknown): value is ThemeChoice {
  return THEME_CHOICES.includes(value as ThemeChoice);
}
