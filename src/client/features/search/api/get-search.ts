import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
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

/**
 * The first answer (GET /api/search/first): every source but Wikidata, one upstream round after the
 * request, shown until the whole first page comes (docs/decisions/042-progressive-search-results.md).
 */
export function firstAnswerQueryOptions(input: SearchInput) {
  return queryOptions({
    queryKey: ['search-first', input.q, input.fileType ?? 'all'] as const,
    queryFn: ({ signal }) =>
      apiClient.get('/api/search/first', {
        query: { ...input, page: 0 },
        schema: SearchResultSchema,
        signal,
      }),
    enabled: input.q.trim().length > 0,
    staleTime: SEARCH_CACHE_MS,
    gcTime: SEARCH_CACHE_MS,
    refetchOnWindowFocus: false,
  });
}

/**
 * The search with its first answer asked at the same time. `first`: that answer, while the whole
 * first page is on its way. `officialJoined`: the whole page came after the first answer and
 * brought an official logo.
 */
export function useProgressiveSearch(input: SearchInput) {
  const search = useSearch(input);
  const options = firstAnswerQueryOptions(input);
  // Only while the whole answer is still coming: a search already loaded needs no first answer.
  const answer = useQuery({ ...options, enabled: options.enabled && search.isPending });
  const first = search.isPending ? (answer.data ?? null) : null;
  const officialJoined =
    answer.data !== undefined &&
    search.data !== undefined &&
    answer.dataUpdatedAt <= search.dataUpdatedAt &&
    (search.data.pages[0]?.logos.some((logo) => logo.official) ?? false);
  return { search, first, officialJoined };
}
