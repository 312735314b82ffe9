import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SuggestResult } from '#shared/search/search.schemas.ts';

/**
 * Company names from the catalogue that match what is typed.
 *
 * The search box is on the home page, whose first load has a strict size budget: the API client
 * and the zod schema load with the first suggestion request instead of with the page.
 */
export function useSuggestions(q: string) {
  const query = q.trim().toLowerCase();
  return useQuery(
    queryOptions({
      queryKey: ['search', 'suggest', query] as const,
      queryFn: async ({ signal }): Promise<SuggestResult> => {
        const [{ apiClient }, { SuggestResultSchema }] = await Promise.all([
          import('#client/lib/api-client.ts'),
          import('#shared/search/search.schemas.ts'),
        ]);
        return apiClient.get('/api/search/suggest', {
          query: { q: query },
          schema: SuggestResultSchema,
          signal,
        });
      },
      enabled: query.length > 0,
      staleTime: 10 * 60 * 1000,
      refetchOnWindowFocus: false,
      // Suggestions are a convenience: a failure just shows none.
      retry: false,
      // Keep the previous list on screen while the next one loads, so the dropdown does not flicker.
      placeholderData: keepPreviousData,
    }),
  );
}
