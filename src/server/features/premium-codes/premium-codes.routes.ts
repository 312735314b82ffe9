import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, requireUser } from '#server/plugins/auth.ts';
import { MessageResponseSchema } from '#shared/accounts/accounts.schemas.ts';
import {
  CreatePremiumCodeBodySchema,
  CreatePremiumCodeResponseSchema,
  PremiumCodeParamsSchema,
  PremiumCodesResponseSchema,
  RedeemCodeBodySchema,
  RedeemCodeResponseSchema,
} from '#shared/premium-codes/premium-codes.schemas.ts';
import { apiErrors } from '#shared/lib/api-error.ts';
import type { PremiumCodesService } from './premium-codes.service.ts';

const guarded = apiErrors(400, 401, 403);

/** Administrators create, list and invalidate codes; any signed-in user redeems one. */
export function createPremiumCodesRoutes(codes: PremiumCodesService): FastifyPluginAsyncZod {
  const adminRoutes: FastifyPluginAsyncZod = async (admin) => {
    // `admin=true`/`adminId` in the URL or body grant nothing: only the session decides.
    admin.addHook('preValidation', requireAdmin);

    admin.post(
      '/admin/premium-codes',
      {
        schema: {
          body: CreatePremiumCodeBodySchema,
          response: { 201: CreatePremiumCodeResponseSchema, ...guarded },
        },
      },
      async (request, reply) => {
        const created = await codes.create(request.user!, request.body);
        return reply.status(201).send(created);
      },
    );

    admin.get(
      '/admin/premium-codes',
      { schema: { response: { 200: PremiumCodesResponseSchema, ...guarded } } },
      async () => codes.list(),
    );

    admin.put(
      '/admin/premium-codes/:id/invalidate',
      {
        schema: {
          params: PremiumCodeParamsSchema,
          response: { 200: MessageResponseSchema, ...guarded, ...apiErrors(404, 409) },
        },
      },
      async (request) => ({ message: await codes.invalidate(request.user!, request.params.id) }),
    );
  };

  const userRoutes: FastifyPluginAsyncZod = async (user) => {
    user.addHook('preValidation', requireUser);

    user.post(
      '/redeem-premium-code',
      {
        schema: {
          body: RedeemCodeBodySchema,
          response: { 200: RedeemCodeResponseSchema, ...guarded, ...apiErrors(404, 409, 410, 429) },
        },
      },
      async (request) => codes.redeem(request.user!, request.body, request.ip),
    );
  };

  return async (app) => {
    await app.register(adminRoutes);
    await app.register(userRoutes);
  };
}
