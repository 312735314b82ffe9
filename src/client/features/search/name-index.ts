import { namedEntries, suggestTitles } from '#shared/search/name-match.ts';
import { NameIndexSchema } from '#shared/search/search.schemas.ts';

/** The catalogue's names, matched here as the visitor types (no request, no pause). */
export type NameMatcher = { suggest: (typed: string) => string[] };

/**
 * Loads GET /api/search/names and gets it ready for matching. A plain fetch with the browser's
 * usual caching, not the API client (whose answers are never cached): the names are the same for
 * every visitor and revalidate by their ETag (docs/decisions/038-names-matched-in-the-browser.md).
 */
export async function loadNameMatcher(signal?: AbortSignal): Promise<NameMatcher> {
  const response = await fetch('/api/search/names', { signal, credentials: 'omit' });
  if (!response.ok)
    throw new Error(`The catalogue's names could not be loaded (${response.status}).`);
  const entries = namedEntries(NameIndexSchema.parse(await response.json()));
  return { suggest: (typed) => suggestTitles(entries, typed) };
}
