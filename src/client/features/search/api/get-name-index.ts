import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * The catalogue's names for matching in the browser, loaded once the search box is first used:
 * the module, its schema and the names stay out of the first page's JavaScript
 * (docs/decisions/038-names-matched-in-the-browser.md).
 */
export function nameIndexQueryOptions() {
  return queryOptions({
    queryKey: ['search', 'names'] as const,
    queryFn: async ({ signal }) => {
      const { loadNameMatcher } = await import('../name-index.ts');
      return loadNameMatcher(signal);
    },
    // The names change only with a new version of WikiLogos: once loaded, kept for the visit.
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    // Until it loads (or if it never does), the server's suggestions are used instead.
    retry: false,
    // The answer is a matcher (a function), not data to compare.
    structuralSharing: false,
  });
}

/** `enabled`: whether the box has been used yet; once loaded the matcher stays, enabled or not. */
export function useNameIndex(enabled: boolean) {
  return useQuery({ ...nameIndexQueryOptions(), enabled });
}
