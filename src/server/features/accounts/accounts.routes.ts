import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '#server/plugins/auth.ts';
import {
  AccountExportSchema,
  ACCOUNT_MESSAGES,
  ChangeEmailBodySchema,
  ChangePasswordBodySchema,
  CurrentUserResponseSchema,
  DeleteAccountBodySchema,
  LoginBodySchema,
  MessageResponseSchema,
  ProfileResponseSchema,
  RegisterBodySchema,
  RequestResetBodySchema,
  ResetPasswordBodySchema,
  UpdateUsernameBodySchema,
  UpdateUsernameResponseSchema,
  UserSchema,
  ValidateResetTokenQuerySchema,
  ValidateResetTokenResponseSchema,
  VerifyEmailBodySchema,
} from '#shared/accounts/accounts.schemas.ts';
import { ApiErrorSchema, apiErrors } from '#shared/lib/api-error.ts';
import type { AccountRightsService } from './account-rights.service.ts';
import { MESSAGES, type AccountsService } from './accounts.service.ts';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Sign-up, sign-in, sign-out and password reset: open to visitors. */
export function createPublicAccountsRoutes(accounts: AccountsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/users/register',
      {
        schema: {
          body: RegisterBodySchema,
          response: { 201: UserSchema, ...apiErrors(400, 409, 429) },
        },
      },
      async (request, reply) => {
        await accounts.countSignUp(request.ip);
        const user = await accounts.register(request.body);
        await reply.startSession(user.id);
        return reply.status(201).send(user);
      },
    );

    app.post(
      '/users/login',
      {
        schema: {
          body: LoginBodySchema,
          response: { 200: UserSchema, ...apiErrors(400, 401, 429) },
        },
      },
      async (request, reply) => {
        const user = await accounts.login(request.body, request.ip);
        await reply.startSession(user.id);
        return user;
      },
    );

    // Who is signed in: asked by every page, so a visitor gets 200 with null rather than a 401
    // (which browsers log as an error in the console).
    app.get(
      '/user',
      { schema: { response: { 200: CurrentUserResponseSchema } } },
      async (request) => request.user,
    );

    app.post(
      '/logout',
      { schema: { response: { 200: MessageResponseSchema } } },
      async (_request, reply) => {
        await reply.endSession();
        return { message: 'You have been successfully logged out.' };
      },
    );

    app.post(
      '/users/request-reset',
      {
        schema: {
          body: RequestResetBodySchema,
          response: { 200: MessageResponseSchema, ...apiErrors(400, 429) },
        },
      },
      async (request) => {
        // Each request may send an email: counted per address and per email before anything else.
        await accounts.countResetRequest(request.body.email, request.ip);
        await accounts.requestPasswordReset(request.body.email);
        return { message: MESSAGES.resetRequested };
      },
    );

    // A POST from the /verify-email page, never a GET on the emailed link itself: mail scanners
    // that open links must not be the ones who verify an address.
    app.post(
      '/auth/verify-email',
      {
        config: { rateLimit: { max: 20, timeWindow: FIFTEEN_MINUTES } },
        schema: {
          body: VerifyEmailBodySchema,
          response: { 200: MessageResponseSchema, ...apiErrors(400, 409, 429) },
        },
      },
      async (request) => ({
        message: await accounts.verifyEmail(request.body.token, request.body.email),
      }),
    );

    app.get(
      '/users/validate-reset-token',
      {
        schema: {
          querystring: ValidateResetTokenQuerySchema,
          response: { 200: ValidateResetTokenResponseSchema, 400: ApiErrorSchema },
        },
      },
      async (request) => {
        await accounts.validateResetToken(request.query.token);
        return { valid: true as const };
      },
    );

    app.post(
      '/users/reset-password',
      {
        config: { rateLimit: { max: 20, timeWindow: FIFTEEN_MINUTES } },
        schema: {
          body: ResetPasswordBodySchema,
          response: { 200: MessageResponseSchema, 400: ApiErrorSchema },
        },
      },
      async (request) => {
        await accounts.resetPassword(request.body.token, request.body.newPassword);
        return { message: MESSAGES.passwordReset };
      },
    );
  };
}

/** The signed-in user's own account. Every route here requires a session. */
export function createUserRoutes(
  accounts: AccountsService,
  rights: AccountRightsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    // preValidation (see plugins/auth.ts): after the rate limiter, before the body is validated.
    app.addHook('preValidation', requireUser);

    app.get(
      '/user/export',
      { schema: { response: { 200: AccountExportSchema, ...apiErrors(401) } } },
      async (request, reply) => {
        const data = await rights.exportData(request.user!);
        const day = data.exportedAt.slice(0, 10);
        void reply
          .header('cache-control', 'no-store')
          .header(
            'content-disposition',
            `attachment; filename="wikilogos-${data.account.username}-${day}.json"`,
          );
        return data;
      },
    );

    app.delete(
      '/user',
      {
        config: { rateLimit: { max: 20, timeWindow: FIFTEEN_MINUTES } },
        schema: {
          body: DeleteAccountBodySchema,
          response: { 204: z.null(), ...apiErrors(400, 401, 403, 429, 502) },
        },
      },
      async (request, reply) => {
        await rights.deleteAccount(request.user!, {
          password: request.body.password,
          sessionId: request.sessionId,
          clientIp: request.ip,
        });
        await reply.endSession();
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/user/password',
      {
        config: { rateLimit: { max: 20, timeWindow: FIFTEEN_MINUTES } },
        schema: {
          body: ChangePasswordBodySchema,
          response: { 200: MessageResponseSchema, ...apiErrors(400, 401, 429) },
        },
      },
      async (request) => {
        const outcome = await accounts.changePassword(request.user!, request.body, {
          sessionId: request.sessionId!,
          clientIp: request.ip,
        });
        return {
          message:
            outcome === 'set' ? ACCOUNT_MESSAGES.passwordSet : ACCOUNT_MESSAGES.passwordChanged,
        };
      },
    );

    app.post(
      '/user/email',
      {
        config: { rateLimit: { max: 20, timeWindow: FIFTEEN_MINUTES } },
        schema: {
          body: ChangeEmailBodySchema,
          response: { 200: MessageResponseSchema, ...apiErrors(400, 401, 409, 429) },
        },
      },
      async (request) => {
        const { email } = await accounts.requestEmailChange(request.user!, request.body, {
          sessionId: request.sessionId!,
          clientIp: request.ip,
        });
        return { message: ACCOUNT_MESSAGES.emailChangeSent(email) };
      },
    );

    app.get(
      '/user/profile',
      {
        schema: {
          // Older clients send `userId`; it must be the session's own id.
          querystring: z.object({ userId: z.coerce.number().int().optional() }),
          response: { 200: ProfileResponseSchema, ...apiErrors(401, 403) },
        },
      },
      async (request) => ({ user: await accounts.profile(request.user!, request.query.userId) }),
    );

    app.post(
      '/user/verification-email',
      { schema: { response: { 200: MessageResponseSchema, ...apiErrors(401, 409, 429) } } },
      async (request) => {
        const { email } = await accounts.resendEmailVerification(request.user!);
        return { message: `We have sent a new verification link to ${email}.` };
      },
    );

    app.put(
      '/user/update-username-direct',
      {
        schema: {
          body: UpdateUsernameBodySchema,
          response: { 200: UpdateUsernameResponseSchema, ...apiErrors(400, 401, 403, 409) },
        },
      },
      async (request) => {
        const user = await accounts.updateUsername(request.user!, request.body);
        return { message: MESSAGES.usernameUpdated, user };
      },
    );
  };
}
