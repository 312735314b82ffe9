import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '#server/plugins/auth.ts';
import {
  AdminConfigResponseSchema,
  AdminUserParamsSchema,
  AdminUsersQuerySchema,
  AdminUsersResponseSchema,
  AuditLogResponseSchema,
  DowngradeBodySchema,
  GrantSubscriptionBodySchema,
  GrantSubscriptionResponseSchema,
  ResetAdminCredentialsResponseSchema,
  TestAccountsResponseSchema,
} from '#shared/admin/admin.schemas.ts';
import { MessageResponseSchema } from '#shared/accounts/accounts.schemas.ts';
import { ApiErrorSchema, apiErrors } from '#shared/lib/api-error.ts';
import type { AdminService } from './admin.service.ts';

// Every admin route can answer these: bad input, no session, not an administrator.
const guarded = apiErrors(400, 401, 403);

/**
 * The administrator area: every route requires an administrator session; `admin=true`, `userId`
 * or `adminId` from older clients grant nothing (docs/decisions/005-spec-open-points.md).
 */
export function createAdminRoutes(admin: AdminService): FastifyPluginAsyncZod {
  return async (app) => {
    // A non-administrator is refused before the body is validated.
    app.addHook('preValidation', requireAdmin);

    app.get(
      '/admin/config',
      { schema: { response: { 200: AdminConfigResponseSchema, ...guarded } } },
      async () => admin.config(),
    );

    app.get(
      '/admin/users',
      {
        schema: {
          querystring: AdminUsersQuerySchema,
          response: { 200: AdminUsersResponseSchema, ...guarded },
        },
      },
      async (request) => {
        const { search, page, pageSize } = request.query;
        return admin.listUsers({ search, page, pageSize });
      },
    );

    app.post(
      '/admin/grant-subscription',
      {
        schema: {
          body: GrantSubscriptionBodySchema,
          response: { 200: GrantSubscriptionResponseSchema, ...guarded, 404: ApiErrorSchema },
        },
      },
      async (request) => {
        const { userId, months } = request.body;
        const user = await admin.grantSubscription(request.user!, userId, months);
        const until = user.subscriptionExpiryDate!.slice(0, 10);
        return { message: `Premium granted to ${user.username} until ${until}.`, user };
      },
    );

    app.post(
      '/admin/downgrade-subscription',
      {
        schema: {
          body: DowngradeBodySchema,
          response: { 200: MessageResponseSchema, ...guarded, ...apiErrors(404, 409) },
        },
      },
      async (request) => ({
        message: await admin.downgradeSubscription(request.user!, request.body.userId),
      }),
    );

    app.delete(
      '/admin/users/:id',
      {
        schema: {
          params: AdminUserParamsSchema,
          response: { 200: MessageResponseSchema, ...guarded, 404: ApiErrorSchema },
        },
      },
      async (request) => ({ message: await admin.deleteUser(request.user!, request.params.id) }),
    );

    app.post(
      '/admin/reset',
      { schema: { response: { 200: ResetAdminCredentialsResponseSchema, ...guarded } } },
      async (request, reply) => {
        // The password is shown once: never cached anywhere on the way.
        reply.header('cache-control', 'no-store');
        return admin.resetCredentials(request.user!, request.sessionId!);
      },
    );

    app.post(
      '/admin/reset-all-users',
      { schema: { response: { 200: TestAccountsResponseSchema, ...guarded } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return admin.resetAllUsers(request.user!);
      },
    );

    app.get(
      '/admin/audit-log',
      { schema: { response: { 200: AuditLogResponseSchema, ...guarded } } },
      async () => ({ entries: await admin.auditLog() }),
    );
  };
}
