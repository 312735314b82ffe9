import { normaliseWords } from '#shared/search/normalise-words.ts';

/** How many of the visitor's own searches are remembered for suggestions. */
const MAX_RECENT_SEARCHES = 8;

/** The list after searching for `query`: newest first, no repeats (ignoring case), at most eight. */
export function addToRecent(list: readonly string[], query: string): string[] {
  const text = query.trim().replace(/\s+/g, ' ');
  if (!text) return [...list];
  const key = text.toLowerCase();
  return [text, ...list.filter((item) => item.toLowerCase() !== key)].slice(0, MAX_RECENT_SEARCHES);
}

/** Parses what is stored; anything unexpected (another app's data, a hand edit) reads as empty. */
export function parseRecent(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    if (!Array.isArray(value)) return [];
    return value
      .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
      .slice(0, MAX_RECENT_SEARCHES);
  } catch {
    return [];
  }
}

/**
 * The suggestions for the typed text: recent searches with a word starting as typed (ignoring
 * case, accents and punctuation, as catalogue names match), then new catalogue names.
 */
export function mergeSuggestions(
  typed: string,
  recent: readonly string[],
  catalogue: readonly string[],
  limit = 8,
): { value: string; kind: 'recent' | 'catalogue' }[] {
  const words = normaliseWords(typed);
  const text = typed.trim().toLowerCase();
  const matching = recent.filter(
    (value) => !words || ` ${normaliseWords(value)}`.includes(` ${words}`),
  );
  const seen = new Set(matching.map((value) => value.toLowerCase()));
  // A catalogue name already listed (in any case) is left out.
  const isNew = (key: string) => !seen.has(key) && Boolean(seen.add(key));
  const names = text ? catalogue.filter((value) => isNew(value.toLowerCase())) : [];
  return [
    ...matching.map((value) => ({ value, kind: 'recent' as const })),
    ...names.map((value) => ({ value, kind: 'catalogue' as const })),
  ].slice(0, limit);
}
