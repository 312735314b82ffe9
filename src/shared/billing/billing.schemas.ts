import { z } from 'zod';

// The billing contract (docs/product.md#premium).

/** GET /api/subscription/config — what the pricing page needs to know before 'Upgrade Now'. */
export const BillingConfigResponseSchema = z.object({
  /** False when the server has no STRIPE_SECRET_KEY: 'Upgrade Now' explains instead of failing. */
  paymentsConfigured: z.boolean(),
});
export type BillingConfigResponse = z.infer<typeof BillingConfigResponseSchema>;

export const PAYMENTS_NOT_CONFIGURED_MESSAGE =
  'Payments are not configured on this server. Ask the administrator for a premium access code instead.';

/** POST /api/subscription/create — the user comes from the session; `userId`/`email` sent by older clients are ignored or must match. */
export const CreateSubscriptionBodySchema = z.object({
  isAnnual: z.boolean({ error: 'isAnnual must be true or false.' }),
  userId: z.coerce.number().int().optional(),
  email: z.string().optional(),
});
export type CreateSubscriptionBody = z.input<typeof CreateSubscriptionBodySchema>;

export const CreateSubscriptionResponseSchema = z.object({
  /** The hosted checkout page, opened in a new tab. */
  url: z.string(),
  sessionId: z.string(),
});
export type CreateSubscriptionResponse = z.infer<typeof CreateSubscriptionResponseSchema>;

/** GET /api/subscription/verify?session_id= */
export const VerifySubscriptionQuerySchema = z.object({
  session_id: z
    .string({ error: 'No session ID found in URL' })
    .trim()
    .min(1, 'No session ID found in URL')
    .max(300, 'The session ID is not valid.'),
});

export const VerifySubscriptionResponseSchema = z.object({
  /** 'active' once paid. */
  status: z.string(),
  startDate: z.string(),
  expiryDate: z.string(),
  userId: z.number().int(),
  plan: z.enum(['monthly', 'annual']),
});
export type VerifySubscriptionResponse = z.infer<typeof VerifySubscriptionResponseSchema>;

/** POST /api/subscription/cancel */
export const CancelSubscriptionBodySchema = z.object({
  userId: z.coerce.number().int().optional(),
});
export const CancelSubscriptionResponseSchema = z.object({
  /** Access continues until then. */
  endDate: z.string(),
  message: z.string(),
});
export type CancelSubscriptionResponse = z.infer<typeof CancelSubscriptionResponseSchema>;

/** GET /api/subscription/status — the dashboard's Subscription tab, from the server's view. */
export const SubscriptionStatusResponseSchema = z.object({
  plan: z.enum(['Free', 'Premium']),
  isSubscribed: z.boolean(),
  /** Null when the user never had Premium or it has ended. */
  expiryDate: z.string().nullable(),
  /** Premium paid through Stripe that renews unless cancelled (codes and grants simply end). */
  renews: z.boolean(),
  /** The Stripe subscription is set to end at the period end. */
  cancelAtPeriodEnd: z.boolean(),
  /** Stripe's last reported status ('active', 'past_due', …), or null. */
  stripeStatus: z.string().nullable(),
  /** 'Cancel Subscription' applies: an active, renewing subscription not already set to end. */
  canCancel: z.boolean(),
});
export type SubscriptionStatusResponse = z.infer<typeof SubscriptionStatusResponseSchema>;
