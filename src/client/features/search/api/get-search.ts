import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import {
  SearchResultSchema,
  type FileType,
  type SearchResult,
} from '#shared/search/search.schemas.ts';

export interface SearchInput {
  q: string;
  /** null: all formats (the parameter is left out). */
  fileType: FileType | null;
}

export function getSearchPage(
  input: SearchInput & { page: number },
  signal?: AbortSignal,
): Promise<SearchResult> {
  return apiClient.get('/api/search', {
    query: { q: input.q, fileType: input.fileType ?? undefined, page: input.page },
    schema: SearchResultSchema,
    signal,
  });
}

/** Spec 000 §9: search results are cached for five minutes and a failed search is retried once. */
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

export function useSearch(input: SearchInput) {
  return useInfiniteQuery(searchQueryOptions(input));
}
