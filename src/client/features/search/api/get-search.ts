import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import {
  SearchResultSchema,
  type SearchQuery,
  type SearchResult,
} from '#shared/search/search.schemas.ts';

/** One search, every page: the contract's query without its page number. */
export type SearchInput = Omit<SearchQuery, 'page'>;

function getSearchPage(query: SearchQuery, signal?: AbortSignal): Promise<SearchResult> {
  return apiClient.get('/api/search', { query, schema: SearchResultSchema, signal });
}

/** Results stay fresh for five minutes and a failed search is retried once (docs/product.md). */
const SEARCH_CACHE_MS = 5 * 60 * 1000;

export function searchQueryOptions(input: SearchInput) {
  return infiniteQueryOptions({
    queryKey: ['search', input.q, input.fileType ?? 'all'] as const,
    queryFn: ({ pageParam, signal }) => getSearchPage({ ...input, page: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled: input.q.trim().length > 0,
    staleTime: SEARCH_CACHE_MS,
    gcTime: SEARCH_CACHE_MS,
    retry: 1,
    // Refetching every loaded page on each tab switch would re-query Commons for nothing new.
    refetchOnWindowFocus: false,
  });
}

/** `enabled: false` holds a search back until the page needs it. */
export function useSearch(input: SearchInput, { enabled = true } = {}) {
  const options = searchQueryOptions(input);
  return useInfiniteQuery({ ...options, enabled: enabled && options.enabled });
}
