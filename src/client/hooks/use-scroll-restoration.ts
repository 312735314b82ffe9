import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router';

const STORAGE_KEY = 'wikilogos:scroll-positions';

/*
 * Every page load starts on an entry keyed 'default', so a fresh load of /about#privacy-policy
 * would "restore" another page's scroll position; first entries are keyed by their address.
 */
function scrollKey(location: Location): string {
  return location.key === 'default' ? `${location.pathname}${location.hash}` : location.key;
}

function storedPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * Scroll as a multi-page site would: back and forward return to where the visitor was (kept for
 * the tab's life, reloads included); a new page starts at its top, or at the section its address
 * names; a page that only rewrites its own address (filters, tabs) stays where it is.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  // Read from the tab's storage on first use (the first page's layout effect), then kept here.
  const stored = useRef<Record<string, number> | null>(null);
  const positions = () => (stored.current ??= storedPositions());
  const shown = useRef<Location | null>(null);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    let frame = 0;
    const record = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (shown.current) positions()[scrollKey(shown.current)] = window.scrollY;
      });
    };
    const store = () => {
      if (shown.current) positions()[scrollKey(shown.current)] = window.scrollY;
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions()));
      } catch {
        // Storage full or refused: back and forward still work within this load.
      }
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', store);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', store);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    const previous = shown.current;
    shown.current = location;
    const saved = positions()[scrollKey(location)];
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    // The first page: the browser has placed it already (at its top, or at the address's section).
    if (!previous) return;
    if (navigationType === 'REPLACE' && previous.pathname === location.pathname) return;
    const target =
      location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, navigationType]);
}
