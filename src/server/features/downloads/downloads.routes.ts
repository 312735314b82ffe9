import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cookieOptions, noStore, readSignedCookie } from '#server/lib/cookies.ts';
import { requireUser } from '#server/plugins/auth.ts';
import {
  BatchDownloadBodySchema,
  BatchDownloadResponseSchema,
  CheckLimitQuerySchema,
  CheckLimitResponseSchema,
  CopySvgBodySchema,
  CopySvgResponseSchema,
  DownloadHistoryResponseSchema,
  DownloadLimitErrorSchema,
  TrackDownloadBodySchema,
  TrackDownloadResponseSchema,
} from '#shared/downloads/downloads.schemas.ts';
import { ApiErrorSchema, apiErrors } from '#shared/lib/api-error.ts';
import { newGuestId, type DownloadActor, type DownloadsService } from './downloads.service.ts';

/**
 * The guest session: a signed httpOnly cookie without Max-Age (it ends with the browser) holding a
 * random id; a request without it is a new guest.
 */
export const GUEST_COOKIE = 'wl_guest';

type DownloadsRoutesOptions = {
  downloads: DownloadsService;
  /** Whether cookies get the Secure flag (the public origin is https). */
  secureCookies: boolean;
};

function actorOf(request: FastifyRequest): DownloadActor {
  return request.user
    ? { kind: 'user', user: request.user }
    : { kind: 'guest', guestId: readSignedCookie(request, GUEST_COOKIE), address: request.ip };
}

/** The answers of a download that may meet a limit. */
const limitErrors = { ...apiErrors(400, 401), 403: DownloadLimitErrorSchema.or(ApiErrorSchema) };

/** POST /downloads/track, GET /downloads/check-limit, batch, copy-svg and the user's history. */
export function createDownloadsRoutes(options: DownloadsRoutesOptions): FastifyPluginAsyncZod {
  const { downloads, secureCookies } = options;
  const setGuestCookie = (reply: FastifyReply, id: string) =>
    reply.setCookie(GUEST_COOKIE, id, cookieOptions(secureCookies));

  return async (app) => {
    app.post(
      '/downloads/track',
      {
        schema: {
          body: TrackDownloadBodySchema,
          response: { 200: TrackDownloadResponseSchema, ...limitErrors },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        // A guest's first download starts their anonymous session.
        const newGuest = actor.kind === 'guest' && actor.guestId === null ? newGuestId() : null;
        const result = await downloads.track(
          newGuest ? { kind: 'guest', guestId: newGuest, address: request.ip } : actor,
          request.body,
        );
        if (newGuest) setGuestCookie(reply, newGuest);
        return result;
      },
    );

    app.get(
      '/downloads/check-limit',
      {
        schema: {
          querystring: CheckLimitQuerySchema,
          response: { 200: CheckLimitResponseSchema, ...apiErrors(400, 401, 403) },
        },
      },
      async (request, reply) =>
        noStore(reply, downloads.checkLimit(actorOf(request), request.query)),
    );

    app.post(
      '/downloads/batch',
      {
        // preValidation (see plugins/auth.ts): after the rate limiter, before the body is validated.
        preValidation: requireUser,
        schema: {
          body: BatchDownloadBodySchema,
          response: { 200: BatchDownloadResponseSchema, ...limitErrors },
        },
      },
      async (request) => downloads.recordBatch(actorOf(request), request.body),
    );

    app.post(
      '/downloads/copy-svg',
      {
        preValidation: requireUser,
        schema: {
          body: CopySvgBodySchema,
          response: { 200: CopySvgResponseSchema, ...apiErrors(400, 401, 403, 404, 413, 502, 504) },
        },
      },
      async (request, reply) => noStore(reply, downloads.copySvg(actorOf(request), request.body)),
    );

    app.get(
      '/user/downloads',
      {
        preValidation: requireUser,
        schema: {
          // Older clients may send `userId`; it must be the session's own id.
          querystring: z.object({
            userId: z.coerce
              .number({ error: 'userId must be a whole number.' })
              .int('userId must be a whole number.')
              .optional(),
          }),
          response: { 200: DownloadHistoryResponseSchema, ...apiErrors(400, 401, 403) },
        },
      },
      async (request, reply) =>
        noStore(reply, downloads.history(actorOf(request), request.query.userId)),
    );
  };
}
