import { z } from 'zod';
import { ExportedFavouriteSchema } from '#shared/favourites/favourites.schemas.ts';

// One contract for the forms and the server. Messages are word for word as in
// docs/product.md#sign-up-and-sign-in.

const UsernameSchema = z
  .string()
  .trim()
  .min(1, 'Username cannot be empty')
  .min(3, 'Username must be at least 3 characters long')
  .max(30, 'Username cannot exceed 30 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'Username can only contain letters, numbers, underscores and hyphens');

const PasswordSchema = z
  .string()
  .min(6, 'Password must be at least 6 characters')
  // The password hash is given at most this much: a megabyte 'password' would be a cheap way to burn CPU.
  .max(200, 'Password cannot exceed 200 characters');

const EmailSchema = z
  .string()
  .trim()
  .max(254, 'Please enter a valid email')
  .email('Please enter a valid email');

/** POST /api/users/login — `username` may also be the account's email. */
export const LoginBodySchema = z.object({
  username: z.string().trim().min(3, 'Username must be at least 3 characters').max(254),
  password: PasswordSchema,
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

const passwordsMatch = (v: { password: string; confirmPassword: string }) =>
  v.password === v.confirmPassword;
const MISMATCH = { message: 'Passwords do not match', path: ['confirmPassword'] };

/** POST /api/users/register */
export const RegisterBodySchema = z
  .object({
    username: UsernameSchema,
    email: EmailSchema,
    password: PasswordSchema,
    confirmPassword: z.string(),
  })
  .refine(passwordsMatch, MISMATCH);
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

/** The signed-in user as every account endpoint returns it. Never a password hash. */
export const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  isAdmin: z.boolean(),
  isSubscribed: z.boolean(),
  /** Null when the user has never had Premium or it has ended. */
  subscriptionExpiryDate: z.string().nullable(),
  downloadCount: z.number().int(),
  /**
   * The person proved they own `email`: by the link sent at sign-up, or through Google. A page
   * loaded from a newer build while an older server still answers reads a missing value as false.
   */
  emailVerified: z.boolean().default(false),
  /** The account signs in only with Google: it has no password to change or to confirm with. */
  googleOnly: z.boolean().default(false),
});
export type User = z.infer<typeof UserSchema>;

/** GET /api/user — the signed-in user, or null for a visitor (200 either way, never a 401). */
export const CurrentUserResponseSchema = UserSchema.nullable();

/** GET /api/user/profile */
export const ProfileResponseSchema = z.object({ user: UserSchema });

/** PUT /api/user/update-username-direct — `userId` is accepted from older clients and must be the session's. */
export const UpdateUsernameBodySchema = z.object({
  newUsername: UsernameSchema,
  userId: z.coerce.number().int().optional(),
});
export const UpdateUsernameResponseSchema = z.object({ message: z.string(), user: UserSchema });

/** POST /api/users/request-reset */
export const RequestResetBodySchema = z.object({ email: EmailSchema });

const MISSING_TOKEN =
  'The password reset link is missing the required token. Please request a new link.';

/** GET /api/users/validate-reset-token?token= */
export const ValidateResetTokenQuerySchema = z.object({
  token: z.string({ error: MISSING_TOKEN }).trim().min(1, MISSING_TOKEN).max(200),
});
export const ValidateResetTokenResponseSchema = z.object({ valid: z.literal(true) });

/** POST /api/users/reset-password */
export const ResetPasswordBodySchema = z.object({
  token: z.string().trim().min(1, 'Invalid or expired token').max(200),
  newPassword: PasswordSchema,
});
/** The reset-password form (client): both fields, min 6 each, matching. */
export const ResetPasswordFormSchema = z
  .object({ password: PasswordSchema, confirmPassword: PasswordSchema })
  .refine(passwordsMatch, MISMATCH);

export const MessageResponseSchema = z.object({ message: z.string() });

/** GET /api/auth/google/status — whether 'Continue with Google' can work on this server. */
export const GoogleStatusSchema = z.object({ enabled: z.boolean() });

export const INVALID_VERIFICATION_LINK =
  'This verification link is invalid or has expired. Send a new one from your dashboard.';

/**
 * POST /api/auth/verify-email — the token from the link emailed at sign-up, or from the link sent to
 * a new address by 'Change email' (that link also names the address: `email`).
 */
export const VerifyEmailBodySchema = z.object({
  token: z
    .string({ error: INVALID_VERIFICATION_LINK })
    .trim()
    .min(1, INVALID_VERIFICATION_LINK)
    .max(200, INVALID_VERIFICATION_LINK),
  email: z.string().trim().max(254, INVALID_VERIFICATION_LINK).optional(),
});

/** GET /api/auth/google/link — the account a refused Google sign-in may be linked to. */
export const GoogleLinkPendingSchema = z.object({ email: z.string() });

/** POST /api/auth/google/link — the account's password proves it belongs to the Google user. */
export const GoogleLinkBodySchema = z.object({ password: PasswordSchema });
export const GoogleLinkResponseSchema = z.object({
  user: UserSchema,
  /** The same-site page the person was on when they chose Continue with Google. */
  redirect: z.string(),
});

// Account rights: change the password or email, export the data, delete the account
// (docs/product.md#your-account-rights).

export const ACCOUNT_MESSAGES = {
  passwordChanged:
    'Your password has been changed. You have been signed out on your other devices.',
  wrongPassword: 'Your current password is incorrect.',
  samePassword: 'The new password must be different from your current one.',
  passwordSet: 'Your password has been set. You can now sign in with your username and password.',
  emailChangeSent: (email: string) =>
    `We have sent a confirmation link to ${email}. Your email address changes when you open it.`,
  emailChanged: (email: string) => `Your email address is now ${email}.`,
  sameEmail: 'This is already your email address.',
  googleSignInRequired:
    'For your security, sign in with Google again, then delete your account within 10 minutes.',
  adminNotDeletable:
    'Administrator accounts cannot be deleted here. Ask the operator to remove the account.',
} as const;

/**
 * POST /api/user/password — other sessions end; this one stays. `currentPassword` may be left out
 * only by an account that has no password yet (Google-only), which sets its first one.
 */
export const ChangePasswordBodySchema = z
  .object({
    currentPassword: z.string().min(1, 'Please enter your current password').max(200).optional(),
    newPassword: PasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, MISMATCH);
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** POST /api/user/email — a confirmation link goes to the new address; nothing changes until it is opened. */
export const ChangeEmailBodySchema = z.object({
  newEmail: EmailSchema,
  /** Required when the account has a password. */
  password: z.string().max(200).optional(),
});
export type ChangeEmailBody = z.infer<typeof ChangeEmailBodySchema>;

/**
 * DELETE /api/user — the password confirms it; an account without one needs a Google sign-in from
 * the last 10 minutes instead. 204 on success.
 */
export const DeleteAccountBodySchema = z.object({ password: z.string().max(200).optional() });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

/** GET /api/user/export — everything WikiLogos keeps about the account, as a JSON download. */
export const AccountExportSchema = z.object({
  exportedAt: z.string(),
  account: z.object({
    id: z.number().int(),
    username: z.string(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    isAdmin: z.boolean(),
    googleOnly: z.boolean(),
    googleLinked: z.boolean(),
    createdAt: z.string(),
  }),
  subscription: z.object({
    plan: z.enum(['Free', 'Premium']),
    expiryDate: z.string().nullable(),
    startDate: z.string().nullable(),
    stripeStatus: z.string().nullable(),
    cancelAtPeriodEnd: z.boolean(),
    downloadsThisPeriod: z.number().int(),
  }),
  downloads: z.array(
    z.object({
      logoTitle: z.string(),
      logoUrl: z.string(),
      fileType: z.string().nullable(),
      downloadDate: z.string(),
    }),
  ),
  redeemedCodes: z.array(
    z.object({ code: z.string(), durationDays: z.number().int(), redeemedAt: z.string() }),
  ),
  favourites: z.array(ExportedFavouriteSchema),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;
