import { z } from 'zod';
import { UserSchema } from '#shared/accounts/accounts.schemas.ts';

/*
 * The administrator contract (docs/product.md#administration).
 */

/**
 * POST /api/admin/grant-subscription. `months` is 1 or 12 ('1 year' is 12 calendar months,
 * docs/product.md#product-decisions); older clients send `expiryDays` 30 or 360, read as 1 or 12.
 */
export const GrantSubscriptionBodySchema = z
  .object({
    userId: z.coerce
      .number({ error: 'userId must be a whole number.' })
      .int('userId must be a whole number.')
      .positive('userId must be a whole number.'),
    months: z.union([z.literal(1), z.literal(12)], { error: 'months must be 1 or 12.' }).optional(),
    expiryDays: z.coerce
      .number({ error: 'expiryDays must be 30 or 360.' })
      .int('expiryDays must be 30 or 360.')
      .optional(),
  })
  .transform((body, ctx) => {
    const months =
      body.months ?? (body.expiryDays === 30 ? 1 : body.expiryDays === 360 ? 12 : undefined);
    if (!months) {
      ctx.addIssue({ code: 'custom', message: 'Choose a grant of 1 month or 1 year.' });
      return z.NEVER;
    }
    return { userId: body.userId, months };
  });

export const GrantSubscriptionResponseSchema = z.object({
  message: z.string(),
  user: UserSchema,
});

/** The admin user list is read a page at a time: this many rows unless asked otherwise. */
const ADMIN_USERS_PAGE_SIZE = 50;
/** A larger page is refused rather than trimmed, so a client never reads a short page as the end. */
const ADMIN_USERS_MAX_PAGE_SIZE = 200;

/** Far beyond any real list; keeps the SQL offset an exact integer. */
const ADMIN_USERS_MAX_PAGE = 1_000_000;
const PAGE_MESSAGE = 'The page must be a whole number from 1 to 1,000,000.';
const PAGE_SIZE_MESSAGE = `The page size must be a whole number from 1 to ${ADMIN_USERS_MAX_PAGE_SIZE}.`;

/** GET /api/admin/users[?page=&pageSize=&search=] — one page of accounts, newest first. */
export const AdminUsersQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(100, 'Search for at most 100 characters.')
    // No name or address holds one, and the database refuses to compare text with a NUL in it.
    .refine((text) => !/\p{Cc}/u.test(text), 'Search text cannot contain control characters.')
    .optional(),
  /** 1-based; a page past the last one is empty (the total still says how many there are). */
  page: z.coerce
    .number({ error: PAGE_MESSAGE })
    .int(PAGE_MESSAGE)
    .min(1, PAGE_MESSAGE)
    .max(ADMIN_USERS_MAX_PAGE, PAGE_MESSAGE)
    .default(1),
  pageSize: z.coerce
    .number({ error: PAGE_SIZE_MESSAGE })
    .int(PAGE_SIZE_MESSAGE)
    .min(1, PAGE_SIZE_MESSAGE)
    .max(ADMIN_USERS_MAX_PAGE_SIZE, PAGE_SIZE_MESSAGE)
    .default(ADMIN_USERS_PAGE_SIZE),
  userId: z.string().optional(),
  admin: z.string().optional(),
});
const AdminUserSchema = UserSchema.extend({
  plan: z.enum(['Free', 'Premium']),
  /** ISO. */
  createdAt: z.string(),
  /** Premium paid through Stripe (a downgrade also cancels it there). */
  hasStripeSubscription: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUsersResponseSchema = z.object({
  users: z.array(AdminUserSchema),
  /** Every account the search matches (all accounts without one), not only this page's. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUsersPage = z.infer<typeof AdminUsersResponseSchema>;

/** POST /api/admin/downgrade-subscription */
export const DowngradeBodySchema = z.object({
  userId: z.coerce
    .number({ error: 'userId must be a whole number.' })
    .int('userId must be a whole number.')
    .positive('userId must be a whole number.'),
});
export const AdminMessageResponseSchema = z.object({ message: z.string() });

/** DELETE /api/admin/users/:id */
export const AdminUserParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'The user id must be a whole number.' })
    .int('The user id must be a whole number.')
    .positive('The user id must be a whole number.'),
});

/** POST /api/admin/premium-codes (messages: docs/product.md#premium-access-codes). */
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
export const CreatePremiumCodeResponseSchema = z.object({
  code: z.string(),
  duration: z.number().int(),
  id: z.number().int(),
  expiresAt: z.string(),
});

const PREMIUM_CODE_STATUSES = ['active', 'redeemed', 'expired', 'invalidated'] as const;
const PremiumCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  status: z.enum(PREMIUM_CODE_STATUSES),
  /** ISO. */
  createdAt: z.string(),
  /** Days of Premium. */
  duration: z.number().int(),
  /** ISO: after this the code can no longer be redeemed. */
  expiresAt: z.string(),
  /** The redeeming user's id, or null. */
  redeemedBy: z.number().int().nullable(),
  /** Their username, for the list (null when not redeemed or the account is gone). */
  redeemedByUsername: z.string().nullable(),
});
export type PremiumCode = z.infer<typeof PremiumCodeSchema>;
/** GET /api/admin/premium-codes — an array, as older clients read it. */
export const PremiumCodesResponseSchema = z.array(PremiumCodeSchema);

/** PUT /api/admin/premium-codes/:id/invalidate */
export const PremiumCodeParamsSchema = AdminUserParamsSchema;

/** POST /api/admin/reset — a new strong password, shown once; other admin sessions end. */
export const ResetAdminCredentialsResponseSchema = z.object({
  username: z.string(),
  password: z.string(),
  message: z.string(),
});

/** POST /api/admin/reset-all-users — only with ALLOW_TEST_ACCOUNTS=true. */
export const TEST_ACCOUNTS_DISABLED_MESSAGE = 'Test accounts are disabled on this server';
export const TestAccountsResponseSchema = z.object({
  testUsers: z.array(
    z.object({ username: z.string(), password: z.string(), plan: z.enum(['Free', 'Premium']) }),
  ),
  message: z.string(),
});

/** GET /api/admin/config — what the admin page may offer. */
export const AdminConfigResponseSchema = z.object({ allowTestAccounts: z.boolean() });

/** GET /api/admin/audit-log — newest first, at most 500. */
const AuditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  detail: z.string().nullable(),
  /** ISO. */
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditLogResponseSchema = z.object({ entries: z.array(AuditEntrySchema) });
