import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import {
  AddFavouriteResponseSchema,
  FavouritesResponseSchema,
  ImportFavouritesResponseSchema,
  RemoveFavouriteResponseSchema,
} from '#shared/favourites/favourites.schemas.ts';
import type { Logo } from '#shared/search/search.schemas.ts';

const FAVOURITES_PATH = '/api/favourites';

/** GET /api/favourites — the signed-in user's favourites, newest first. */
export function favouritesQueryOptions() {
  return queryOptions({
    queryKey: [FAVOURITES_PATH] as const,
    queryFn: async ({ signal }) =>
      (await apiClient.get(FAVOURITES_PATH, { schema: FavouritesResponseSchema, signal }))
        .favourites,
  });
}

export function useAccountFavourites(enabled: boolean) {
  return useQuery({ ...favouritesQueryOptions(), enabled });
}

/**
 * PUT and DELETE /api/favourites. The heart turns at once (the list in the cache is changed
 * first) and turns back if the server refuses; the list is read again after either.
 */
export function useToggleAccountFavourite() {
  const queryClient = useQueryClient();
  const { queryKey } = favouritesQueryOptions();
  return useMutation({
    mutationFn: async ({ logo, add }: { logo: Logo; add: boolean }) => {
      if (add) {
        await apiClient.put(FAVOURITES_PATH, {
          body: { logo },
          schema: AddFavouriteResponseSchema,
        });
      } else {
        await apiClient.delete(FAVOURITES_PATH, {
          query: { url: logo.url },
          schema: RemoveFavouriteResponseSchema,
        });
      }
    },
    meta: { errorTitle: 'Favourites not changed' },
    onMutate: async ({ logo, add }) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (logos = []) =>
        add
          ? [logo, ...logos.filter((kept) => kept.url !== logo.url)]
          : logos.filter((kept) => kept.url !== logo.url),
      );
      return { before };
    },
    onError: (_error, _variables, context) => {
      queryClient.setQueryData(queryKey, context?.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

/** POST /api/favourites/import — a browser's favourites merged into the account. */
export function useImportFavourites() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (logos: readonly Logo[]) =>
      apiClient.post(`${FAVOURITES_PATH}/import`, {
        body: { logos },
        schema: ImportFavouritesResponseSchema,
      }),
    // Tried again at the next page load; the browser's list is kept until it succeeds.
    meta: { errorToast: false },
    onSuccess: (result) =>
      queryClient.setQueryData(favouritesQueryOptions().queryKey, result.favourites),
  });
}
