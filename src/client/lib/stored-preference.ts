import { useSyncExternalStore } from 'react';

/**
 * A preference remembered in this browser (localStorage) and shared by every component that
 * reads it. The server renders `fallback`; a stored choice takes over right after hydration,
 * without a mismatch. With storage blocked (privacy mode) a choice lasts for this page view.
 */
export function storedPreference<T extends string>(
  key: string,
  isValue: (value: unknown) => value is T,
  fallback: T,
): () => readonly [T, (next: T) => void] {
  const listeners = new Set<() => void>();
  let unsaved: T | null = null;

  const read = (): T => {
    try {
      const stored = localStorage.getItem(key);
      return isValue(stored) ? stored : fallback;
    } catch {
      return unsaved ?? fallback;
    }
  };
  const write = (next: T): void => {
    try {
      localStorage.setItem(key, next);
    } catch {
      unsaved = next;
    }
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };

  return function usePreference() {
    const value = useSyncExternalStore(subscribe, read, () => fallback);
    return [value, write] as const;
  };
}
