import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '#server/plugins/auth.ts';
import {
  AddFavouriteBodySchema,
  AddFavouriteResponseSchema,
  FavouritesResponseSchema,
  ImportFavouritesBodySchema,
  ImportFavouritesResponseSchema,
  RemoveFavouriteQuerySchema,
  RemoveFavouriteResponseSchema,
} from '#shared/favourites/favourites.schemas.ts';
import { apiErrors } from '#shared/lib/api-error.ts';
import type { FavouritesService } from './favourites.service.ts';

/** A browser's whole list of snapshots: more than the app's usual 256 KB body. */
export const FAVOURITES_IMPORT_BODY_LIMIT = 2 * 1024 * 1024;

/** The signed-in user's favourites; whose they are comes from the session only. */
export function createFavouritesRoutes(favourites: FavouritesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preValidation', requireUser);

    app.get(
      '/favourites',
      { schema: { response: { 200: FavouritesResponseSchema, ...apiErrors(401) } } },
      async (request) => ({ favourites: await favourites.list(request.user!) }),
    );

    app.put(
      '/favourites',
      {
        schema: {
          body: AddFavouriteBodySchema,
          response: { 200: AddFavouriteResponseSchema, ...apiErrors(400, 401, 409) },
        },
      },
      async (request) => favourites.add(request.user!, request.body.logo),
    );

    app.delete(
      '/favourites',
      {
        schema: {
          querystring: RemoveFavouriteQuerySchema,
          response: { 200: RemoveFavouriteResponseSchema, ...apiErrors(400, 401) },
        },
      },
      async (request) => favourites.remove(request.user!, request.query.url),
    );

    app.post(
      '/favourites/import',
      {
        bodyLimit: FAVOURITES_IMPORT_BODY_LIMIT,
        schema: {
          body: ImportFavouritesBodySchema,
          response: { 200: ImportFavouritesResponseSchema, ...apiErrors(400, 401, 413) },
        },
      },
      async (request) => favourites.import(request.user!, request.body.logos),
    );
  };
}
