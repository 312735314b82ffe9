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

/** The suggestions for the typed text: matching recent searches, then new catalogue names. */
export function mergeSuggestions(
  typed: string,
  recent: readonly string[],
  catalogue: readonly string[],
  limit = 8,
): { value: string; kind: 'recent' | 'catalogue' }[] {
  const text = typed.trim().toLowerCase();
  const seen = new Set<string>();
  const items: { value: string; kind: 'recent' | 'catalogue' }[] = [];
  for (const value of recent) {
    if (text && !value.toLowerCase().includes(text)) continue;
    seen.add(value.toLowerCase());
    items.push({ value, kind: 'recent' });
  }
  if (text) {
    for (const value of catalogue) {
      if (seen.has(value.toLowerCase())) continue;
      seen.add(value.toLowerCase());
      items.push({ value, kind: 'catalogue' });
    }
  }
  return items.slice(0, limit);
}
