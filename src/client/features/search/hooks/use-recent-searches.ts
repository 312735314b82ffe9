import { browserStore } from '#client/lib/stored-preference.ts';
import { addToRecent, parseRecent } from '../recent-searches.ts';

// Stays in this browser only: the visitor's searches are never sent anywhere.
const recent = browserStore<string[]>('recent-searches', parseRecent, (list) =>
  list.length ? JSON.stringify(list) : null,
);

export function rememberSearch(query: string): void {
  recent.set(addToRecent(recent.get(), query));
}

export function clearRecentSearches(): void {
  recent.set([]);
}

/** The visitor's last eight searches, newest first, kept in sync across tabs. */
export const useRecentSearches = recent.use;
