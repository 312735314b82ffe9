import { useSyncExternalStore } from 'react';

/**
 * A value in localStorage, shared by its readers and across tabs. The server renders
 * `parse(null)` and the stored value takes over after hydration; with storage blocked a change
 * lasts for this page view.
 */
export function browserStore<T>(
  key: string,
  parse: (stored: string | null) => T,
  serialize: (value: T) => string | null,
) {
  const listeners = new Set<() => void>();
  const initial = parse(null);
  let unsaved: { value: T } | null = null;
  // useSyncExternalStore needs the same value back while the stored text is unchanged.
  let cache = { stored: null as string | null, value: initial };

  const notify = () => listeners.forEach((listener) => listener());
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) notify();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    if (listeners.size === 1) window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener('storage', onStorage);
    };
  };

  const get = (): T => {
    let stored: string | null;
    try {
      stored = localStorage.getItem(key);
    } catch {
      return unsaved ? unsaved.value : initial;
    }
    if (cache.stored !== stored) cache = { stored, value: parse(stored) };
    return cache.value;
  };
  const set = (value: T): void => {
    const text = serialize(value);
    try {
      if (text === null) localStorage.removeItem(key);
      else localStorage.setItem(key, text);
    } catch {
      unsaved = { value };
    }
    notify();
  };
  const use = (): T => useSyncExternalStore(subscribe, get, () => initial);
  return { get, set, use };
}

/** A hook for one of a few string choices (`[value, setValue]`), `fallback` until one is stored. */
export function storedPreference<T extends string>(
  key: string,
  isValue: (value: unknown) => value is T,
  fallback: T,
): () => readonly [T, (next: T) => void] {
  const store = browserStore(key, (stored) => (isValue(stored) ? stored : fallback), String);
  return () => [store.use(), store.set] as const;
}
