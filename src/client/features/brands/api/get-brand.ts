import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { BrandSchema } from '#shared/brands/brands.schemas.ts';

/** A company's page changes rarely: kept five minutes, like search results. */
const BRAND_CACHE_MS = 5 * 60 * 1000;

/** `qid` as in the address; the server reads 'q2283' as 'Q2283'. */
export function brandQueryOptions(qid: string) {
  return queryOptions({
    queryKey: ['brand', qid.trim().toUpperCase()] as const,
    queryFn: ({ signal }) =>
      apiClient.get(`/api/brands/${encodeURIComponent(qid.trim())}`, {
        schema: BrandSchema,
        signal,
      }),
    staleTime: BRAND_CACHE_MS,
    gcTime: BRAND_CACHE_MS,
    refetchOnWindowFocus: false,
  });
}

export function useBrand(qid: string) {
  return useQuery(brandQueryOptions(qid));
}
