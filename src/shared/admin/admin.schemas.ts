import { z } from 'zod';
import { UserSchema } from '#shared/accounts/accounts.schemas.ts';
import { wholeNumber } from '#shared/lib/api-error.ts';

// The administrator contract (docs/product.md#administration).

const positiveId = (message: string) => wholeNumber(message).positive(message);
const UserIdSchema = positiveId('userId must be a whole number.');

/**
 * POST /api/admin/grant-subscription. `months` is 1 or 12 ('1 year' is 12 calendar months,
 * docs/product.md#product-decisions); older clients send `expiryDays` 30 or 360, read as 1 or 12.
 */
export const GrantSubscriptionBodySchema = z
  .object({
    userId: UserIdSchema,
    months: z.union([z.literal(1), z.literal(12)], { error: 'months must be 1 or 12.' }).optional(),
    expiryDays: wholeNumber('expiryDays must be 30 or 360.').optional(),
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

export const GrantSubscriptionResponseSchema = z.object({ message: z.string(), user: UserSchema });

// A larger page is refused rather than trimmed, so a client never reads a short page as the end;
// the last page number keeps the SQL offset an exact integer.
const MAX_PAGE_SIZE = 200;
const PAGE_MESSAGE = 'The page must be a whole number from 1 to 1,000,000.';
const PAGE_SIZE_MESSAGE = `The page size must be a whole number from 1 to ${MAX_PAGE_SIZE}.`;

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
  page: wholeNumber(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(1_000_000, PAGE_MESSAGE).default(1),
  pageSize: wholeNumber(PAGE_SIZE_MESSAGE)
    .min(1, PAGE_SIZE_MESSAGE)
    .max(MAX_PAGE_SIZE, PAGE_SIZE_MESSAGE)
    .default(50),
  userId: z.string().optional(),
  admin: z.string().optional(),
});
const AdminUserSchema = UserSchema.extend({
  plan: z.enum(['Free', 'Premium']),
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
export const DowngradeBodySchema = z.object({ userId: UserIdSchema });

/** DELETE /api/admin/users/:id */
export const AdminUserParamsSchema = z.object({
  id: positiveId('The user id must be a whole number.'),
});

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
    ResetAdminCredentialsResponseSchema.omit({ message: true }).extend({
      plan: z.enum(['Free', 'Premium']),
    }),
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
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditLogResponseSchema = z.object({ entries: z.array(AuditEntrySchema) });
