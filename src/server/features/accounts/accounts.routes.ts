import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '#server/plugins/auth.ts';
import {
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
          response: { 200: MessageResponseSchema, ...apiErrors(400, 429) },
        },
      },
      async (request) => {
        await accounts.verifyEmail(request.body.token);
        return { message: MESSAGES.emailVerified };
      },
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
export function createUserRoutes(accounts: AccountsService): FastifyPluginAsyncZod {
  return async (app) => {
    // preValidation (see plugins/auth.ts): after the rate limiter, before the body is validated.
    app.addHook('preValidation', requireUser);

    app.get(
      '/user',
      { schema: { response: { 200: UserSchema, 401: ApiErrorSchema } } },
      async (request) => request.user!,
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
