import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { SamplesResultSchema } from '#shared/search/search.schemas.ts';

/** The home page's nine example logos, from WikiLogos' own catalogue (no Wikimedia needed). */
const samplesQueryOptions = queryOptions({
  queryKey: ['search', 'samples'] as const,
  queryFn: ({ signal }) =>
    apiClient.get('/api/search/samples', { schema: SamplesResultSchema, signal }),
  // The catalogue changes with a deploy, not while someone looks at the page.
  staleTime: 30 * 60 * 1000,
  refetchOnWindowFocus: false,
  retry: 1,
});

export function useSamples() {
  return useQuery(samplesQueryOptions);
}
