import { queryOptions, useQueries } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import {
  WALL_MAX_NAMES,
  WallResolveResponseSchema,
  type WallResolveResponse,
} from '#shared/wall/wall.schemas.ts';

export type WallResolution = WallResolveResponse['results'][number];

/*
 * POST /api/wall/resolve, one query per name so that editing one name looks up only that name.
 * Names asked for in the same moment (a pasted list) share one request: the server allows a few
 * walls a minute per address, so a wall must cost one request, not one per name.
 */

type Waiting = {
  name: string;
  resolve: (result: WallResolution) => void;
  reject: (error: unknown) => void;
};

let waiting: Waiting[] = [];

async function send(chunk: Waiting[]): Promise<void> {
  try {
    const { results } = await apiClient.post('/api/wall/resolve', {
      body: { names: chunk.map((item) => item.name) },
      schema: WallResolveResponseSchema,
    });
    chunk.forEach((item, index) => {
      const result = results[index] ?? results.find((r) => r.name === item.name);
      item.resolve(result ?? { name: item.name, logo: null, alternatives: [] });
    });
  } catch (error) {
    for (const item of chunk) item.reject(error);
  }
}

function flush(): void {
  const batch = waiting;
  waiting = [];
  for (let start = 0; start < batch.length; start += WALL_MAX_NAMES) {
    void send(batch.slice(start, start + WALL_MAX_NAMES));
  }
}

/** One name's logos; calls made in the same moment share requests. */
function resolveName(name: string): Promise<WallResolution> {
  return new Promise((resolve, reject) => {
    if (waiting.length === 0) setTimeout(flush, 0);
    waiting.push({ name, resolve, reject });
  });
}

export function wallNameQueryOptions(name: string) {
  return queryOptions({
    queryKey: ['wall', 'resolve', name.toLowerCase()] as const,
    queryFn: () => resolveName(name),
    // Which logo fits a name changes with the catalogue, not while someone composes a wall.
    staleTime: 30 * 60 * 1000,
    refetchOnWindowFocus: false,
  });
}

/** Each name's answer (undefined while it loads), and how many have been answered. */
export function useWallResolution(names: readonly string[]) {
  return useQueries({
    queries: names.map((name) => wallNameQueryOptions(name)),
    combine: (queries) => ({
      queries,
      settled: queries.filter((query) => !query.isPending).length,
    }),
  });
}
