import { QueryClient } from '@tanstack/react-query';

/**
 * Defaults from the spec: data is always stale (so a revisit or a refocus refreshes it), unused
 * cache is dropped after five minutes, and nothing retries on its own — a failed download check
 * retried silently could double-count. Features that need polling or a retry (search retries
 * once) set it on their own query options.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 0,
        gcTime: 5 * 60 * 1000,
        retry: false,
        refetchOnWindowFocus: true,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/** The browser's client (the server renders each page with a fresh one). */
export const queryClient = createQueryClient();
