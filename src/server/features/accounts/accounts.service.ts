import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '#server/http-error.ts';
import { addCalendarMonths, effectiveDownloadCount } from '../downloads/download-period.ts';
import type { EmailService } from '../email/email.service.ts';
import { hashToken, type Clock, type SessionsService } from '../sessions/sessions.service.ts';
import type { LoginBody, RegisterBody, User } from '#shared/accounts/accounts.schemas.ts';
import type { AdminUser, AdminUsersPage } from '#shared/admin/admin.schemas.ts';
import type { FailureCounters } from './login-throttle.repository.ts';
import { generatePassword, hashPassword, verifyPassword } from './password.ts';
import type { PasswordResetsRepository } from './password-resets.repository.ts';
import type { UserRow, UsersRepository } from './users.repository.ts';

export type AdministratorBootstrap =
  | { outcome: 'exists' }
  | { outcome: 'created'; username: string; generatedPassword: string | null }
  | { outcome: 'username-taken'; username: string };

export const MESSAGES = {
  usernameTaken: 'This username is already taken',
  emailTaken: 'An account with this email already exists',
  invalidLogin: 'Invalid username or password',
  tooManyFailures: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  notYourAccount: 'You can only access your own account.',
  resetRequested:
    'If an account exists for that email, we have sent a link to reset your password.',
  invalidToken: 'Invalid or expired token',
  passwordReset: 'Your password has been reset. You can now sign in with your new password.',
  usernameUpdated: 'Username Updated',
  userNotFound: 'User not found',
} as const;

export type TestUserCredentials = { username: string; password: string; plan: 'Free' | 'Premium' };

/** About 144 bits from the CSPRNG as 24 base64url characters (strong enough to show once). */
export function generateStrongPassword(): string {
  return randomBytes(18).toString('base64url');
}

/** A user as the admin area lists it: the effective plan and download count. */
export function toAdminUser(row: UserRow, now: Date): AdminUser {
  const user = toUser(row, now);
  return {
    ...user,
    plan: user.isSubscribed ? 'Premium' : 'Free',
    createdAt: row.createdAt.toISOString(),
    hasStripeSubscription: user.isSubscribed && row.stripeSubscriptionId !== null,
  };
}

export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export function toUser(row: UserRow, now: Date): User {
  const active =
    row.subscriptionExpiryDate !== null && row.subscriptionExpiryDate.getTime() > now.getTime();
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    isAdmin: row.isAdmin,
    isSubscribed: active,
    subscriptionExpiryDate: active ? row.subscriptionExpiryDate!.toISOString() : null,
    // The stored count belongs to a period that may have ended: then nothing is used up.
    downloadCount: effectiveDownloadCount(row, now),
  };
}

/** The identity a verified Google ID token vouches for (never data sent by the browser). */
export type GoogleIdentity = { sub: string; email: string; name?: string | undefined };

const USERNAME_MAX = 30;

/** A username from the person's name or email local part: [A-Za-z0-9_-], 3-30 characters. */
export function usernameBase(identity: GoogleIdentity): string {
  const clean = (v: string | undefined) =>
    (v ?? '')
      .normalize('NFKD')
      .replace(/\s+/g, '_')
      .replace(/[^A-Za-z0-9_-]/g, '')
      .replace(/^[-_]+|[-_]+$/g, '')
      .slice(0, USERNAME_MAX);
  const fromName = clean(identity.name);
  const base = fromName.length >= 3 ? fromName : clean(identity.email.split('@')[0]);
  return base.length >= 3 ? base : `${base}user`.slice(0, USERNAME_MAX);
}

export type AccountsServiceDeps = {
  usersRepo: UsersRepository;
  resetsRepo?: PasswordResetsRepository;
  failures?: FailureCounters;
  sessions?: SessionsService;
  email?: EmailService;
  publicUrl?: string;
  clock?: Clock;
  log?: Pick<FastifyBaseLogger, 'error'>;
};

function required<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`accounts service built without ${name}`);
  return value;
}

export function createAccountsService(deps: AccountsServiceDeps) {
  const { usersRepo } = deps;
  const clock = deps.clock ?? (() => new Date());
  // Compared against when the user does not exist, so both failures cost the same scrypt time.
  let dummyHash: Promise<string> | undefined;

  function ensureOwnAccount(actor: User, userId: number | undefined) {
    if (userId !== undefined && userId !== actor.id)
      throw new HttpError(403, MESSAGES.notYourAccount);
  }

  return {
    /**
     * A fresh install needs someone who can open /admin. Runs at every start and does nothing
     * once any administrator exists, so an operator's later password change is never undone.
     */
    async ensureAdministrator(
      username: string,
      password: string | undefined,
    ): Promise<AdministratorBootstrap> {
      if (await usersRepo.hasAdministrator()) return { outcome: 'exists' };
      const secret = password ?? generatePassword();
      const id = await usersRepo.insertIfAbsent({
        username,
        passwordHash: await hashPassword(secret),
        isAdmin: true,
      });
      if (id !== null) {
        return { outcome: 'created', username, generatedPassword: password ? null : secret };
      }
      // Another instance starting at the same moment may have just created it.
      if (await usersRepo.hasAdministrator()) return { outcome: 'exists' };
      return { outcome: 'username-taken', username };
    },

    async getUser(id: number): Promise<User | null> {
      const row = await usersRepo.findById(id);
      return row ? toUser(row, clock()) : null;
    },

    async register(input: RegisterBody): Promise<User> {
      if (await usersRepo.usernameTaken(input.username))
        throw new HttpError(409, MESSAGES.usernameTaken);
      if (await usersRepo.emailTaken(input.email)) throw new HttpError(409, MESSAGES.emailTaken);
      const now = clock();
      const result = await usersRepo.insert({
        username: input.username,
        email: input.email,
        passwordHash: await hashPassword(input.password),
        createdAt: now,
        updatedAt: now,
      });
      // Two sign-ups racing for one name: the database's unique index decides.
      if ('conflict' in result) {
        throw new HttpError(
          409,
          result.conflict === 'username' ? MESSAGES.usernameTaken : MESSAGES.emailTaken,
        );
      }
      return toUser(result.row, now);
    },

    /**
     * The account for a verified Google identity: the one already linked to it, else the account
     * whose email matches (case-insensitively; it gets linked), else a new password-less account.
     * Returns null when the identity cannot be used (e.g. the email's account has another Google
     * account linked).
     */
    async signInWithGoogle(identity: GoogleIdentity): Promise<User | null> {
      const now = clock();
      const linked = await usersRepo.findByGoogleSub(identity.sub);
      if (linked) return toUser(linked, now);
      const byEmail = await usersRepo.findByEmail(identity.email);
      if (byEmail) {
        if (byEmail.googleSub !== null) return null;
        const row = await usersRepo.linkGoogleSub(byEmail.id, identity.sub, now);
        return row ? toUser(row, now) : null;
      }
      const base = usernameBase(identity);
      for (let attempt = 0; attempt < 50; attempt++) {
        const suffix = attempt === 0 ? '' : String(attempt + 1);
        const username = `${base.slice(0, USERNAME_MAX - suffix.length)}${suffix}`;
        if (await usersRepo.usernameTaken(username)) continue;
        const result = await usersRepo.insert({
          username,
          email: identity.email,
          passwordHash: null,
          googleSub: identity.sub,
          createdAt: now,
          updatedAt: now,
        });
        if (!('conflict' in result)) return toUser(result.row, now);
        // The email was taken at the same moment: sign in to that account on the next try.
        if (result.conflict === 'email') return null;
      }
      return null;
    },

    /**
     * Checks the credentials. Failures are counted per username and per client address; five in
     * fifteen minutes on either blocks further attempts. A success clears only the username's count.
     */
    async login(input: LoginBody, clientIp: string): Promise<User> {
      const failures = required(deps.failures, 'failures');
      const now = clock();
      const userKey = `user:${input.username.toLowerCase()}`;
      const ipKey = `ip:${clientIp}`;
      const [userFailures, ipFailures] = await Promise.all([
        failures.count(userKey, now),
        failures.count(ipKey, now),
      ]);
      if (userFailures >= LOGIN_FAILURE_LIMIT || ipFailures >= LOGIN_FAILURE_LIMIT) {
        throw new HttpError(429, MESSAGES.tooManyFailures);
      }
      const row = await usersRepo.findByLogin(input.username);
      let ok = false;
      if (row?.passwordHash) ok = await verifyPassword(input.password, row.passwordHash);
      else
        await verifyPassword(
          input.password,
          await (dummyHash ??= hashPassword(generatePassword())),
        );
      if (!row || !ok) {
        await Promise.all([
          failures.increment(userKey, now, LOGIN_FAILURE_WINDOW_MS),
          failures.increment(ipKey, now, LOGIN_FAILURE_WINDOW_MS),
        ]);
        throw new HttpError(401, MESSAGES.invalidLogin);
      }
      await failures.reset(userKey);
      return toUser(row, now);
    },

    async profile(actor: User, userId: number | undefined): Promise<User> {
      ensureOwnAccount(actor, userId);
      return actor;
    },

    async updateUsername(
      actor: User,
      input: { newUsername: string; userId?: number | undefined },
    ): Promise<User> {
      ensureOwnAccount(actor, input.userId);
      if (await usersRepo.usernameTaken(input.newUsername, actor.id)) {
        throw new HttpError(409, MESSAGES.usernameTaken);
      }
      const now = clock();
      const result = await usersRepo.updateUsername(actor.id, input.newUsername, now);
      if ('conflict' in result) throw new HttpError(409, MESSAGES.usernameTaken);
      return toUser(result.row, now);
    },

    /** Administrator grant: Premium for `months` more calendar months (from now or the current expiry). */
    async grantSubscription(userId: number, months: number): Promise<User> {
      const now = clock();
      const row = await usersRepo.extendSubscription(userId, months, now);
      if (!row) throw new HttpError(404, MESSAGES.userNotFound);
      return toUser(row, now);
    },

    /**
     * Creates a reset link for the address if an account has it. The email is sent in the
     * background, so the answer (and its timing) is the same whether or not the account exists.
     */
    async requestPasswordReset(email: string): Promise<{ delivery: Promise<void> | null }> {
      const resetsRepo = required(deps.resetsRepo, 'resetsRepo');
      const mail = required(deps.email, 'email');
      const row = await usersRepo.findByEmail(email);
      if (!row?.email) return { delivery: null };
      const now = clock();
      const token = randomBytes(32).toString('base64url');
      await resetsRepo.replaceForUser({
        tokenHash: hashToken(token),
        userId: row.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_TOKEN_LIFETIME_MS),
      });
      const link = `${required(deps.publicUrl, 'publicUrl')}/reset-password?token=${encodeURIComponent(token)}`;
      const delivery = mail
        .sendPasswordReset(row.email, row.username, link)
        .catch((err: unknown) => {
          deps.log?.error({ err }, 'could not send the password reset email');
        });
      return { delivery };
    },

    async validateResetToken(token: string): Promise<void> {
      const resetsRepo = required(deps.resetsRepo, 'resetsRepo');
      const userId = await resetsRepo.findUsable(hashToken(token), clock());
      if (userId === null) throw new HttpError(400, MESSAGES.invalidToken);
    },

    /** Sets the new password and signs the user out everywhere (a stolen session ends too). */
    async resetPassword(token: string, newPassword: string): Promise<void> {
      const resetsRepo = required(deps.resetsRepo, 'resetsRepo');
      const sessions = required(deps.sessions, 'sessions');
      const now = clock();
      const userId = await resetsRepo.consume(hashToken(token), now);
      if (userId === null) throw new HttpError(400, MESSAGES.invalidToken);
      await usersRepo.updatePasswordHash(userId, await hashPassword(newPassword), now);
      await sessions.endAllForUser(userId);
    },

    /** One page (1-based) of accounts for the admin area, newest first, with the total. */
    async listUsersPageForAdmin(query: {
      search: string | undefined;
      page: number;
      pageSize: number;
    }): Promise<AdminUsersPage> {
      const now = clock();
      const { page, pageSize } = query;
      const { rows, total } = await usersRepo.listForAdmin({
        search: query.search || undefined,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { users: rows.map((row) => toAdminUser(row, now)), total, page, pageSize };
    },

    async findUserForAdmin(id: number): Promise<AdminUser | null> {
      const row = await usersRepo.findById(id);
      return row ? toAdminUser(row, clock()) : null;
    },

    /** Ends active Premium now; null when the user has none (or does not exist). */
    async endSubscriptionNow(userId: number): Promise<User | null> {
      const now = clock();
      const row = await usersRepo.endSubscriptionNow(userId, now);
      return row ? toUser(row, now) : null;
    },

    /** Deletes a non-administrator account; false when there is no such account. */
    async deleteNonAdministrator(userId: number): Promise<boolean> {
      return (await usersRepo.deleteNonAdministrator(userId)) !== null;
    },

    async nonAdministratorStripeSubscribers(): Promise<number[]> {
      return usersRepo.listNonAdministratorStripeSubscribers();
    },

    /**
     * A new strong password for an administrator (returned once, stored as a hash); every other
     * session of that administrator ends, the one in `keepSessionId` stays signed in.
     */
    async resetAdministratorPassword(adminId: number, keepSessionId: string): Promise<string> {
      const sessions = required(deps.sessions, 'sessions');
      const row = await usersRepo.findById(adminId);
      if (!row?.isAdmin) throw new HttpError(404, MESSAGES.userNotFound);
      const password = generateStrongPassword();
      await usersRepo.updatePasswordHash(adminId, await hashPassword(password), clock());
      await sessions.endOthersForUser(adminId, keepSessionId);
      return password;
    },

    /**
     * Replaces every non-administrator with a few test accounts (two Free, one with a month of
     * Premium) and returns their credentials, which are not kept anywhere in plain text.
     */
    async replaceWithTestUsers(): Promise<{ deleted: number; testUsers: TestUserCredentials[] }> {
      const now = clock();
      const planned: Array<{ name: string; plan: 'Free' | 'Premium' }> = [
        { name: 'test-free-1', plan: 'Free' },
        { name: 'test-free-2', plan: 'Free' },
        { name: 'test-premium', plan: 'Premium' },
      ];
      const testUsers: TestUserCredentials[] = [];
      const newUsers = [];
      for (const { name, plan } of planned) {
        // Only administrators survive the reset: a name one of them uses gets a random suffix.
        const existing = await usersRepo.findByLogin(name);
        const username = existing?.isAdmin ? `${name}-${randomBytes(3).toString('hex')}` : name;
        const password = generateStrongPassword();
        testUsers.push({ username, password, plan });
        newUsers.push({
          username,
          passwordHash: await hashPassword(password),
          subscriptionExpiryDate: plan === 'Premium' ? addCalendarMonths(now, 1) : null,
          createdAt: now,
          updatedAt: now,
        });
      }
      const { deleted } = await usersRepo.replaceNonAdministrators(newUsers);
      return { deleted, testUsers };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
