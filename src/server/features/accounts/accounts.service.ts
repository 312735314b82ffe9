import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '#server/http-error.ts';
import type { EmailService } from '../email/email.service.ts';
import { hashToken, type Clock, type SessionsService } from '../sessions/sessions.service.ts';
import type { LoginBody, RegisterBody, User } from '#shared/accounts/accounts.schemas.ts';
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
} as const;

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
    downloadCount: row.downloadCount,
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
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
