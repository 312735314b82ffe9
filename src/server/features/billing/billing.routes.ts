import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '#server/plugins/auth.ts';
import {
  BillingConfigResponseSchema,
  CancelSubscriptionBodySchema,
  CancelSubscriptionResponseSchema,
  CreateSubscriptionBodySchema,
  CreateSubscriptionResponseSchema,
  SubscriptionStatusResponseSchema,
  VerifySubscriptionQuerySchema,
  VerifySubscriptionResponseSchema,
} from '#shared/billing/billing.schemas.ts';
import { ApiErrorSchema, apiErrors } from '#shared/lib/api-error.ts';
import type { BillingService } from './billing.service.ts';

/** The /subscription routes; the user is always the session's. */
export function createBillingRoutes(billing: BillingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/subscription/config',
      { schema: { response: { 200: BillingConfigResponseSchema } } },
      async () => billing.config(),
    );

    app.post(
      '/subscription/create',
      {
        // A visitor gets 401 before the body is validated.
        preValidation: requireUser,
        schema: {
          body: CreateSubscriptionBodySchema,
          response: {
            200: CreateSubscriptionResponseSchema,
            ...apiErrors(400, 401, 403),
            // Payments not configured on this server, or already subscribed.
            ...apiErrors(409, 502),
          },
        },
      },
      async (request) => billing.createCheckout(request.user!, request.body),
    );

    app.get(
      '/subscription/verify',
      {
        preValidation: requireUser,
        schema: {
          querystring: VerifySubscriptionQuerySchema,
          response: {
            200: VerifySubscriptionResponseSchema,
            ...apiErrors(400, 401, 402, 403, 404, 409, 502),
          },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return billing.verifyCheckout(request.user!, request.query.session_id);
      },
    );

    app.post(
      '/subscription/cancel',
      {
        preValidation: requireUser,
        schema: {
          // Older clients may POST without any body.
          body: z.preprocess((value) => value ?? {}, CancelSubscriptionBodySchema),
          response: {
            200: CancelSubscriptionResponseSchema,
            ...apiErrors(400, 401, 403, 409, 502),
          },
        },
      },
      async (request) => billing.cancel(request.user!, request.body),
    );

    app.get(
      '/subscription/status',
      {
        preValidation: requireUser,
        schema: { response: { 200: SubscriptionStatusResponseSchema, ...apiErrors(401) } },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return billing.status(request.user!);
      },
    );
  };
}

/** Stripe's side only: not part of the client contract in src/shared. */
const WebhookReceivedSchema = z.object({ received: z.literal(true) });

/**
 * POST /stripe/webhook, from Stripe's servers (no cookies or Origin: the cross-site check lets it
 * through; the signature authenticates it). This plugin's own parser keeps the exact signed bytes.
 */
export function createStripeWebhookRoutes(billing: BillingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });

    app.post(
      '/stripe/webhook',
      { schema: { response: { 200: WebhookReceivedSchema, 400: ApiErrorSchema } } },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        const event = billing.verifyWebhook(
          raw,
          Array.isArray(signature) ? signature[0] : signature,
        );
        if (await billing.recordEvent(event)) await billing.handleEvent(event);
        return { received: true as const };
      },
    );
  };
}
