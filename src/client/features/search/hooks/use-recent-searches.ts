import { useSyncExternalStore } from 'react';
import { addToRecent, parseRecent } from '../recent-searches.ts';

// Stays in this browser only: the visitor's searches are never sent anywhere.
const STORAGE_KEY = 'recent-searches';
const listeners = new Set<() => void>();
let cache: { stored: string | null; list: string[] } | null = null;

function read(): string[] {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage blocked (privacy mode): no recent searches.
  }
  // useSyncExternalStore needs the same array back while nothing changed.
  if (cache?.stored !== stored) cache = { stored, list: parseRecent(stored) };
  return cache.list;
}

function write(list: string[]): void {
  try {
    if (list.length) localStorage.setItem(STORAGE_KEY, JSON.stringify(list));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to do: the list just is not remembered.
  }
  for (const listener of listeners) listener();
}

export function rememberSearch(query: string): void {
  write(addToRecent(read(), query));
}

export function clearRecentSearches(): void {
  write([]);
}

function onStorage(event: StorageEvent): void {
  if (event.key === STORAGE_KEY || event.key === null) for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

const EMPTY: string[] = [];

/** The visitor's last eight searches, newest first, kept in sync across tabs. */
export function useRecentSearches(): string[] {
  return useSyncExternalStore(subscribe, read, () => EMPTY);
}
