import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noStore } from '#server/lib/cookies.ts';
import { requireAdmin } from '#server/plugins/auth.ts';
import {
  BackupsResponseSchema,
  CreateBackupResponseSchema,
} from '#shared/admin/backups.schemas.ts';
import { ApiErrorSchema, apiErrors } from '#shared/lib/api-error.ts';
import type { BackupsService } from './backups.service.ts';

const guarded = apiErrors(400, 401, 403);

/** Backups of the embedded database, in the administrator area. */
export function createBackupsRoutes(backups: BackupsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preValidation', requireAdmin);

    app.get(
      '/admin/backups',
      { schema: { response: { 200: BackupsResponseSchema, ...guarded } } },
      async (_request, reply) => noStore(reply, backups.describe()),
    );

    app.post(
      '/admin/backups',
      {
        schema: { response: { 201: CreateBackupResponseSchema, ...guarded, 409: ApiErrorSchema } },
      },
      async (request, reply) => {
        const backup = await backups.create(request.user!);
        return reply.code(201).send(backup);
      },
    );
  };
}
