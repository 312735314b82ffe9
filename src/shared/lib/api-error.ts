import { z } from 'zod';

/**
 * The closed list of machine-readable error codes. Clients branch on `code`; `message` is for
 * people and may change wording (docs/decisions/026-error-codes-and-no-pass-through-layers.md).
 */
export const ApiErrorCodeSchema = z.enum([
  // Requests the server cannot read or accept.
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'NOT_FOUND',
  'RATE_LIMITED',
  'CROSS_SITE_REQUEST',
  // Who may do what.
  'SIGN_IN_REQUIRED',
  'INVALID_CREDENTIALS',
  'NOT_YOUR_ACCOUNT',
  'ADMIN_REQUIRED',
  'PREMIUM_REQUIRED',
  'DOWNLOAD_LIMIT_REACHED',
  'GUEST_LIMIT_REACHED',
  // Accounts.
  'USERNAME_TAKEN',
  'EMAIL_TAKEN',
  'NO_EMAIL',
  'ALREADY_VERIFIED',
  'INVALID_LINK',
  'GOOGLE_LINK_CONFLICT',
  'WRONG_PASSWORD',
  'SAME_PASSWORD',
  'SAME_EMAIL',
  'REAUTHENTICATION_REQUIRED',
  // Admin.
  'ADMIN_NOT_DELETABLE',
  'OWN_ACCOUNT',
  'NOT_PREMIUM',
  'TEST_ACCOUNTS_DISABLED',
  'BACKUPS_UNAVAILABLE',
  // Billing and premium codes.
  'PAYMENTS_NOT_CONFIGURED',
  'ALREADY_SUBSCRIBED',
  'PAYMENT_NOT_COMPLETED',
  'SUBSCRIPTION_NOT_ACTIVE',
  'NOTHING_TO_CANCEL',
  'WEBHOOK_REJECTED',
  'PAYMENT_PROVIDER_FAILED',
  'CODE_REDEEMED',
  'CODE_EXPIRED',
  'CODE_INVALIDATED',
  'CODE_CANNOT_EXTEND',
  // Favourites.
  'FAVOURITES_FULL',
  // Files and the server itself.
  'UNSUPPORTED_FILE',
  'UPSTREAM_FAILED',
  'UPSTREAM_TIMEOUT',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
]);
export type ApiErrorCode = z.infer<typeof ApiErrorCodeSchema>;

/** Every error the API returns has this shape (some add fields, e.g. downloadCount and limit). */
export const ApiErrorSchema = z.object({ message: z.string(), code: ApiErrorCodeSchema });
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** A whole number from the address or a body, refused with one message whatever is wrong. */
export const wholeNumber = (message: string) => z.coerce.number({ error: message }).int(message);

export const SIGN_IN_MESSAGE = 'Please sign in to continue.';

/** Route response schemas: `{ ...apiErrors(400, 401, 409) }` instead of one line per status. */
export const apiErrors = <const S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema])) as Record<
    S,
    typeof ApiErrorSchema
  >;
