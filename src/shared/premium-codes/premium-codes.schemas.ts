import { z } from 'zod';
import { wholeNumber } from '#shared/lib/api-error.ts';

// Premium access codes (docs/product.md#premium-access-codes): administrators create, list and
// invalidate them; any signed-in user redeems one.

/** POST /api/admin/premium-codes */
export const CreatePremiumCodeBodySchema = z.object({
  duration: z.coerce
    .number({ error: 'Duration must be a number of days' })
    .int('Duration must be a whole number of days')
    .min(1, 'Duration must be at least 1 day')
    .max(365, 'Duration cannot be more than 365 days')
    .default(30),
  expiryDays: z.coerce
    .number({ error: 'Expiry must be a number of days' })
    .int('Expiry must be a whole number of days')
    .min(1, 'Expiry must be at least 1 day from now')
    .max(90, 'Expiry cannot be more than 90 days from now')
    .default(14),
  adminId: z.coerce.number().int().optional(),
});
export type CreatePremiumCodeBody = z.input<typeof CreatePremiumCodeBodySchema>;

const PremiumCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  status: z.enum(['active', 'redeemed', 'expired', 'invalidated']),
  createdAt: z.string(),
  /** Days of Premium. */
  duration: z.number().int(),
  /** After this the code can no longer be redeemed. */
  expiresAt: z.string(),
  redeemedBy: z.number().int().nullable(),
  /** Null when not redeemed or the account is gone. */
  redeemedByUsername: z.string().nullable(),
});
export type PremiumCode = z.infer<typeof PremiumCodeSchema>;
export const CreatePremiumCodeResponseSchema = PremiumCodeSchema.pick({
  code: true,
  duration: true,
  id: true,
  expiresAt: true,
});
/** GET /api/admin/premium-codes — an array, as older clients read it. */
export const PremiumCodesResponseSchema = z.array(PremiumCodeSchema);

/** PUT /api/admin/premium-codes/:id/invalidate */
const CODE_ID_MESSAGE = 'The code id must be a whole number.';
export const PremiumCodeParamsSchema = z.object({
  id: wholeNumber(CODE_ID_MESSAGE).positive(CODE_ID_MESSAGE),
});

export const REDEEM_MESSAGES = {
  empty: 'Please enter a premium code',
  unknown: 'This premium code does not exist. Check it and try again.',
  redeemed: 'This premium code has already been used.',
  expired: 'This premium code has expired.',
  invalidated: 'This premium code is no longer valid.',
  tooMany: 'Too many attempts. Please wait a few minutes and try again.',
  paidSubscription:
    'Your Premium is a paid subscription, so a code cannot add to it. Keep the code and redeem it once your subscription has ended.',
} as const;

/** POST /api/redeem-premium-code — trimmed and case-insensitive. */
export const RedeemCodeBodySchema = z.object({
  code: z
    .string({ error: REDEEM_MESSAGES.empty })
    .trim()
    .min(1, REDEEM_MESSAGES.empty)
    .max(64, 'This premium code is not valid.')
    .transform((value) => value.toUpperCase()),
  userId: z.coerce.number().int().optional(),
});

export const RedeemCodeResponseSchema = z.object({
  /** The new end of Premium: the code's days added to the later of now and the old end. */
  expiryDate: z.string(),
  message: z.string(),
  /** Always true now that codes stack; kept for clients that read it. */
  extended: z.boolean(),
});
export type RedeemCodeResponse = z.infer<typeof RedeemCodeResponseSchema>;
