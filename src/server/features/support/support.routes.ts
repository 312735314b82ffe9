import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '#server/plugins/auth.ts';
import { MessageResponseSchema } from '#shared/accounts/accounts.schemas.ts';
import { apiErrors } from '#shared/lib/api-error.ts';
import {
  SupportRequestBodySchema,
  SupportRequestCreatedResponseSchema,
  SupportRequestParamsSchema,
  SupportRequestsResponseSchema,
} from '#shared/support/support.schemas.ts';
import type { SupportService } from './support.service.ts';

const guarded = apiErrors(400, 401, 403);

/** Anyone writes to support from /contact; administrators read the requests and mark them done. */
export function createSupportRoutes(support: SupportService): FastifyPluginAsyncZod {
  const publicRoutes: FastifyPluginAsyncZod = async (app) => {
    app.post(
      '/support-requests',
      {
        schema: {
          body: SupportRequestBodySchema,
          response: { 201: SupportRequestCreatedResponseSchema, ...apiErrors(400, 403, 429) },
        },
      },
      async (request, reply) => {
        const created = await support.create(request.user ?? null, request.body, request.ip);
        return reply.status(201).send(created);
      },
    );
  };

  const adminRoutes: FastifyPluginAsyncZod = async (admin) => {
    admin.addHook('preValidation', requireAdmin);

    admin.get(
      '/admin/support-requests',
      { schema: { response: { 200: SupportRequestsResponseSchema, ...guarded } } },
      async () => ({ requests: await support.list() }),
    );

    admin.put(
      '/admin/support-requests/:id/done',
      {
        schema: {
          params: SupportRequestParamsSchema,
          response: { 200: MessageResponseSchema, ...guarded, ...apiErrors(404) },
        },
      },
      async (request) => ({ message: await support.markDone(request.user!, request.params.id) }),
    );
  };

  return async (app) => {
    await app.register(publicRoutes);
    await app.register(adminRoutes);
  };
}
