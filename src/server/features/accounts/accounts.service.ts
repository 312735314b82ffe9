import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError, signInRequired } from '#server/http-error.ts';
import { isPremium } from '#shared/billing/plans.ts';
import { effectiveDownloadCount } from '../downloads/download-period.ts';
import type { EmailService } from '../email/email.service.ts';
import { hashToken, type Clock, type SessionsService } from '../sessions/sessions.service.ts';
import {
  ACCOUNT_MESSAGES,
  INVALID_VERIFICATION_LINK,
  type ChangePasswordBody,
  type LoginBody,
  type RegisterBody,
  type User,
} from '#shared/accounts/accounts.schemas.ts';
import {
  countAttempts,
  describeWait,
  tooManyAttempts,
  type AttemptRule,
  type FailureCounters,
  type Pacing,
} from './attempt-limits.ts';
import { generatePassword, hashPassword, needsRehash, verifyPassword } from './password.ts';
import type { EmailLinksRepository } from './email-links.repository.ts';
import type { UserRow, UsersRepository } from './users.repository.ts';

type AdministratorBootstrap =
  | { outcome: 'exists' }
  | { outcome: 'created'; username: string; generatedPassword: string | null }
  | { outcome: 'username-taken'; username: string };

export const MESSAGES = {
  usernameTaken: 'This username is already taken',
  emailTaken: 'An account with this email already exists',
  invalidLogin: 'Invalid username or password',
  tooManyFailures: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  tooManyFromAddress:
    'Too many failed sign-in attempts from your network. Please wait 15 minutes and try again.',
  tooManyResetRequests: 'Too many password reset requests. Please wait 15 minutes and try again.',
  tooManyResetsForEmail:
    'Too many password reset requests for this email. Please wait an hour and try again.',
  tooManySignUps: 'Too many sign-ups from your network. Please wait an hour and try again.',
  notYourAccount: 'You can only access your own account.',
  resetRequested:
    'If an account exists for that email, we have sent a link to reset your password.',
  invalidToken: 'Invalid or expired token',
  passwordReset: 'Your password has been reset. You can now sign in with your new password.',
  usernameUpdated: 'Username Updated',
  userNotFound: 'User not found',
  emailVerified: 'Your email address is verified. Thank you!',
  invalidVerificationLink: INVALID_VERIFICATION_LINK,
  alreadyVerified: 'Your email address is already verified.',
  noEmail: 'Your account has no email address to verify.',
  verificationTooSoon:
    'A verification email was sent less than a minute ago. Please check your inbox, or wait a minute and try again.',
  googleLinkExpired: 'Your Google sign-in has expired. Please choose Continue with Google again.',
  googleLinkConflict:
    'This account or this Google account is already linked to another sign-in. Sign in with your password instead.',
} as const;

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** The strict limit: attempts per (account, client address) in 15 minutes. */
const LOGIN_FAILURE_LIMIT = 5;
const LOGIN_FAILURE_WINDOW_MS = 15 * MINUTE_MS;
/** Failed attempts per client address across accounts (credential stuffing), in 15 minutes. */
const LOGIN_ADDRESS_LIMIT = 30;
/**
 * Failed attempts per account across addresses (distributed guessing): 10 an hour are free, then
 * each waits since the previous one, doubling from 1 s to 5 minutes. Slowed, never locked out.
 */
const LOGIN_ACCOUNT_WINDOW_MS = HOUR_MS;
const LOGIN_ACCOUNT_PACING: Pacing = { free: 10, baseDelayMs: 1000, maxDelayMs: 5 * MINUTE_MS };

/** Sign-ups per client address per hour unless the operator sets another number. */
export const SIGN_UPS_PER_ADDRESS_PER_HOUR = 10;
const RESET_REQUESTS_PER_ADDRESS: AttemptRule = {
  limit: 5,
  windowMs: 15 * MINUTE_MS,
  message: MESSAGES.tooManyResetRequests,
};
const RESET_REQUESTS_PER_EMAIL: AttemptRule = {
  limit: 5,
  windowMs: HOUR_MS,
  message: MESSAGES.tooManyResetsForEmail,
};
/** The emailed single-use links: how long each works, the page it opens, its name in the log. */
const RESET_LINK = { lifetimeMs: HOUR_MS, page: '/reset-password', what: 'password reset email' };
const VERIFICATION_LINK = {
  lifetimeMs: 48 * HOUR_MS,
  page: '/verify-email',
  what: 'email verification link',
};
/** The link that confirms a new address ('Change email'): its token is bound to that address. */
const EMAIL_CHANGE_LINK = {
  lifetimeMs: 24 * HOUR_MS,
  page: '/verify-email',
  what: 'email change link',
};
/** A password-less account confirms deleting itself with a Google sign-in at most this old. */
export const FRESH_SIGN_IN_MS = 10 * MINUTE_MS;
/** Email change requests per account per hour (each sends an email to an address of the user's choice). */
const EMAIL_CHANGES_PER_HOUR = 5;

/** The stored hash of an email change token: the address is part of it, so the link cannot be pointed elsewhere. */
const emailChangeHash = (token: string, email: string) =>
  hashToken(`${token}\n${email.trim().toLowerCase()}`);

/** At most one verification email per account in this time (sign-up's own email included). */
const VERIFICATION_EMAIL_INTERVAL_MS = 60 * 1000;

export function toUser(row: UserRow, now: Date): User {
  const active = isPremium(row, now);
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    isAdmin: row.isAdmin,
    isSubscribed: active,
    subscriptionExpiryDate: active ? row.subscriptionExpiryDate!.toISOString() : null,
    // The stored count belongs to a period that may have ended: then nothing is used up.
    downloadCount: effectiveDownloadCount(row, now),
    // A linked Google account vouched for the address even where the link predates the column.
    emailVerified: row.emailVerifiedAt !== null || row.googleSub !== null,
    googleOnly: row.passwordHash === null,
  };
}

/**
 * What a verified Google identity leads to: a session; a link that first needs the account's
 * password (its unverified email may not be the registrant's); or a refusal (linked elsewhere).
 */
type GoogleSignInOutcome =
  | { outcome: 'signed-in'; user: User; linked: boolean }
  | { outcome: 'needs-password'; userId: number; email: string }
  | { outcome: 'email-in-use' };

/** A refused Google sign-in that the person may complete by proving the account's password. */
export type PendingGoogleLink = { userId: number; sub: string; email: string };

/** The identity a verified Google ID token vouches for (never data sent by the browser). */
type GoogleIdentity = { sub: string; email: string; name?: string | undefined };

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

type AccountsServiceDeps = {
  usersRepo: UsersRepository;
  resetsRepo?: EmailLinksRepository;
  verificationsRepo?: EmailLinksRepository;
  failures?: FailureCounters;
  signUpsPerAddressPerHour?: number;
  sessions?: SessionsService;
  email?: EmailService;
  publicUrl?: string;
  clock?: Clock;
  log?: Pick<FastifyBaseLogger, 'error'>;
};

const usernameTaken = () => new HttpError(409, 'USERNAME_TAKEN', MESSAGES.usernameTaken);
const emailTaken = () => new HttpError(409, 'EMAIL_TAKEN', MESSAGES.emailTaken);
const invalidLogin = () => new HttpError(401, 'INVALID_CREDENTIALS', MESSAGES.invalidLogin);

function required<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`accounts service built without ${name}`);
  return value;
}

export function createAccountsService(deps: AccountsServiceDeps) {
  const { usersRepo } = deps;
  const clock = deps.clock ?? (() => new Date());
  // Compared against when the user does not exist, so both failures cost the same hashing time.
  let dummyHash: Promise<string> | undefined;

  /** Links the Google identity and ends every session the account had before it. */
  async function linkGoogle(userId: number, sub: string, now: Date): Promise<User | null> {
    const sessions = required(deps.sessions, 'sessions');
    const row = await usersRepo.linkGoogleSub(userId, sub, now);
    if (!row) return null;
    await sessions.endAllForUser(userId);
    return toUser(row, now);
  }

  /**
   * Emails a new single-use link to `page` (the user's earlier ones stop working; only its hash is
   * stored), in the background: a slow mail server never holds up the answer.
   */
  async function sendLink(
    row: UserRow & { email: string },
    now: Date,
    link: typeof RESET_LINK & { repo: EmailLinksRepository },
    send: (to: string, username: string, url: string) => Promise<void>,
  ): Promise<{ delivery: Promise<void> }> {
    const token = randomBytes(32).toString('base64url');
    await link.repo.replaceForUser({
      tokenHash: hashToken(token),
      userId: row.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + link.lifetimeMs),
    });
    const url = `${required(deps.publicUrl, 'publicUrl')}${link.page}?token=${encodeURIComponent(token)}`;
    const delivery = send(row.email, row.username, url).catch((err: unknown) => {
      deps.log?.error({ err }, `could not send the ${link.what}`);
    });
    return { delivery };
  }

  /** A new verification link for the account's email, at most one per account a minute (429). */
  async function sendVerificationLink(row: UserRow, now: Date): Promise<void> {
    const repo = required(deps.verificationsRepo, 'verificationsRepo');
    const counters = required(deps.failures, 'failures');
    const mail = required(deps.email, 'email');
    if (!row.email) return;
    const key = `verify-email:${row.id}`;
    const sent = await counters.increment(key, now, VERIFICATION_EMAIL_INTERVAL_MS);
    if (sent > 1) throw new HttpError(429, 'RATE_LIMITED', MESSAGES.verificationTooSoon);
    const link = { ...VERIFICATION_LINK, repo };
    await sendLink({ ...row, email: row.email }, now, link, mail.sendEmailVerification);
  }

  function ensureOwnAccount(actor: User, userId: number | undefined) {
    if (userId !== undefined && userId !== actor.id)
      throw new HttpError(403, 'NOT_YOUR_ACCOUNT', MESSAGES.notYourAccount);
  }

  return {
    /**
     * A fresh install needs someone who can open /admin. Does nothing once any administrator
     * exists, so an operator's later password change is never undone.
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
      if (await usersRepo.usernameTaken(input.username)) throw usernameTaken();
      if (await usersRepo.emailTaken(input.email)) throw emailTaken();
      const now = clock();
      const result = await usersRepo.insert({
        username: input.username,
        email: input.email,
        passwordHash: await hashPassword(input.password),
        createdAt: now,
        updatedAt: now,
      });
      // Two sign-ups racing for one name: the database's unique index decides.
      if ('conflict' in result)
        throw result.conflict === 'username' ? usernameTaken() : emailTaken();
      if (deps.verificationsRepo) await sendVerificationLink(result.row, now);
      return toUser(result.row, now);
    },

    /**
     * Another verification link (earlier ones stop working): one per account a minute, counted
     * atomically in the shared counters, so several tabs or instances still send one email.
     */
    async resendEmailVerification(actor: User): Promise<{ email: string }> {
      const row = await usersRepo.findById(actor.id);
      if (!row) throw new HttpError(404, 'NOT_FOUND', MESSAGES.userNotFound);
      if (!row.email) throw new HttpError(409, 'NO_EMAIL', MESSAGES.noEmail);
      const now = clock();
      if (toUser(row, now).emailVerified)
        throw new HttpError(409, 'ALREADY_VERIFIED', MESSAGES.alreadyVerified);
      await sendVerificationLink(row, now);
      return { email: row.email };
    },

    /**
     * Consumes a verification link (once, before it expires) and marks the email verified. With
     * `email` it is a 'Change email' link: the account's address becomes that one, verified.
     * Returns the sentence the page shows.
     */
    async verifyEmail(token: string, email?: string): Promise<string> {
      const verificationsRepo = required(deps.verificationsRepo, 'verificationsRepo');
      const now = clock();
      if (email !== undefined) {
        const userId = await verificationsRepo.consume(emailChangeHash(token, email), now);
        if (userId === null)
          throw new HttpError(400, 'INVALID_LINK', MESSAGES.invalidVerificationLink);
        const result = await usersRepo.updateEmail(userId, email.trim(), now);
        if ('conflict' in result) throw emailTaken();
        return ACCOUNT_MESSAGES.emailChanged(email.trim());
      }
      const userId = await verificationsRepo.consume(hashToken(token), now);
      if (userId === null)
        throw new HttpError(400, 'INVALID_LINK', MESSAGES.invalidVerificationLink);
      await usersRepo.markEmailVerified(userId, now);
      return MESSAGES.emailVerified;
    },

    /**
     * Proves the person at the keyboard owns the account before something that cannot be undone:
     * the password, counted like a sign-in (a wrong one answers 400, not 401, which would read as
     * "signed out"); an account without a password needs a Google sign-in from the last 10 minutes.
     */
    async confirmIdentity(
      actor: User,
      input: { password?: string | undefined; sessionId: string | null; clientIp: string },
    ): Promise<void> {
      const row = await usersRepo.findById(actor.id);
      if (!row) throw signInRequired();
      if (row.passwordHash === null) {
        const sessions = required(deps.sessions, 'sessions');
        const started = input.sessionId ? await sessions.startedAt(input.sessionId) : null;
        const fresh = started && clock().getTime() - started.getTime() <= FRESH_SIGN_IN_MS;
        if (!fresh)
          throw new HttpError(
            403,
            'REAUTHENTICATION_REQUIRED',
            ACCOUNT_MESSAGES.googleSignInRequired,
          );
        return;
      }
      if (!input.password)
        throw new HttpError(400, 'WRONG_PASSWORD', ACCOUNT_MESSAGES.wrongPassword);
      try {
        await this.login({ username: row.username, password: input.password }, input.clientIp);
      } catch (error) {
        if (error instanceof HttpError && error.code === 'INVALID_CREDENTIALS')
          throw new HttpError(400, 'WRONG_PASSWORD', ACCOUNT_MESSAGES.wrongPassword);
        throw error;
      }
    },

    /**
     * A new password, confirmed by the current one; every other session of the account ends. An
     * account without a password (Google-only) sets its first one: its session is the proof, as
     * for changing its email (docs/product.md#your-account-rights).
     */
    async changePassword(
      actor: User,
      input: ChangePasswordBody,
      context: { sessionId: string; clientIp: string },
    ): Promise<'changed' | 'set'> {
      const sessions = required(deps.sessions, 'sessions');
      const row = await usersRepo.findById(actor.id);
      if (!row) throw signInRequired();
      const firstPassword = row.passwordHash === null;
      if (!firstPassword) {
        await this.confirmIdentity(actor, {
          password: input.currentPassword,
          sessionId: context.sessionId,
          clientIp: context.clientIp,
        });
        if (input.newPassword === input.currentPassword)
          throw new HttpError(400, 'SAME_PASSWORD', ACCOUNT_MESSAGES.samePassword);
      }
      await usersRepo.updatePasswordHash(actor.id, await hashPassword(input.newPassword), clock());
      await sessions.endOthersForUser(actor.id, context.sessionId);
      return firstPassword ? 'set' : 'changed';
    },

    /**
     * Emails a confirmation link to the new address (confirmed by the password when the account has
     * one). Nothing changes until the link is opened; a newer request replaces the older link.
     */
    async requestEmailChange(
      actor: User,
      input: { newEmail: string; password?: string | undefined },
      context: { sessionId: string; clientIp: string },
    ): Promise<{ email: string; delivery: Promise<void> }> {
      const repo = required(deps.verificationsRepo, 'verificationsRepo');
      const mail = required(deps.email, 'email');
      const counters = required(deps.failures, 'failures');
      const row = await usersRepo.findById(actor.id);
      if (!row) throw signInRequired();
      const newEmail = input.newEmail.trim();
      if (row.email?.toLowerCase() === newEmail.toLowerCase())
        throw new HttpError(409, 'SAME_EMAIL', ACCOUNT_MESSAGES.sameEmail);
      if (row.passwordHash !== null) {
        await this.confirmIdentity(actor, {
          password: input.password,
          sessionId: context.sessionId,
          clientIp: context.clientIp,
        });
      }
      const now = clock();
      const sent = await counters.increment(`email-change:${row.id}`, now, HOUR_MS);
      if (sent > EMAIL_CHANGES_PER_HOUR)
        throw new HttpError(
          429,
          'RATE_LIMITED',
          'Too many email change requests. Please wait an hour and try again.',
        );
      // Taken addresses are refused now; the confirmation checks again (unique index).
      if (await usersRepo.emailTaken(newEmail)) throw emailTaken();
      const token = randomBytes(32).toString('base64url');
      await repo.replaceForUser({
        tokenHash: emailChangeHash(token, newEmail),
        userId: row.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + EMAIL_CHANGE_LINK.lifetimeMs),
      });
      const query = `token=${encodeURIComponent(token)}&email=${encodeURIComponent(newEmail)}`;
      const publicUrl = required(deps.publicUrl, 'publicUrl');
      const url = `${publicUrl}${EMAIL_CHANGE_LINK.page}?${query}`;
      const link = mail.sendEmailChange(newEmail, row.username, url).catch((err: unknown) => {
        deps.log?.error({ err }, `could not send the ${EMAIL_CHANGE_LINK.what}`);
      });
      const notice = row.email
        ? mail
            .sendEmailChangeNotice(row.email, row.username, {
              newEmail,
              contactLink: `${publicUrl}/contact`,
            })
            .catch((err: unknown) => {
              deps.log?.error({ err }, 'could not send the email change notice to the old address');
            })
        : Promise.resolve();
      return { email: newEmail, delivery: Promise.all([link, notice]).then(() => undefined) };
    },

    /**
     * The linked account; else the one with this verified email (linked now, other sessions ended);
     * else a new password-less one. An unverified email links only once the password is proved.
     */
    async signInWithGoogle(identity: GoogleIdentity): Promise<GoogleSignInOutcome> {
      const now = clock();
      const linked = await usersRepo.findByGoogleSub(identity.sub);
      if (linked) return { outcome: 'signed-in', user: toUser(linked, now), linked: false };
      const byEmail = await usersRepo.findByEmail(identity.email);
      if (byEmail) {
        if (byEmail.googleSub !== null) return { outcome: 'email-in-use' };
        if (byEmail.emailVerifiedAt === null) {
          return { outcome: 'needs-password', userId: byEmail.id, email: byEmail.email! };
        }
        const user = await linkGoogle(byEmail.id, identity.sub, now);
        return user ? { outcome: 'signed-in', user, linked: true } : { outcome: 'email-in-use' };
      }
      const base = usernameBase(identity);
      for (let attempt = 0; attempt < 50; attempt++) {
        const suffix = attempt === 0 ? '' : String(attempt + 1);
        const username = `${base.slice(0, USERNAME_MAX - suffix.length)}${suffix}`;
        if (await usersRepo.usernameTaken(username)) continue;
        const result = await usersRepo.insert({
          username,
          email: identity.email,
          emailVerifiedAt: now,
          passwordHash: null,
          googleSub: identity.sub,
          createdAt: now,
          updatedAt: now,
        });
        if (!('conflict' in result)) {
          return { outcome: 'signed-in', user: toUser(result.row, now), linked: false };
        }
        // The email was taken at the same moment: the person can try again and meet that account.
        if (result.conflict === 'email') return { outcome: 'email-in-use' };
      }
      return { outcome: 'email-in-use' };
    },

    /**
     * Completes a Google sign-in refused for an unverified email: the password (counted like a
     * sign-in) proves the account, Google the email. The account's other sessions end.
     */
    async linkGoogleWithPassword(
      pending: PendingGoogleLink,
      password: string,
      clientIp: string,
    ): Promise<User> {
      const row = await usersRepo.findById(pending.userId);
      if (!row || row.email?.toLowerCase() !== pending.email.toLowerCase()) {
        throw new HttpError(400, 'INVALID_LINK', MESSAGES.googleLinkExpired);
      }
      const user = await this.login({ username: row.username, password }, clientIp);
      if (user.id !== row.id) throw invalidLogin();
      const now = clock();
      if (row.googleSub === pending.sub) return user;
      const linked = await linkGoogle(row.id, pending.sub, now);
      if (!linked) throw new HttpError(409, 'GOOGLE_LINK_CONFLICT', MESSAGES.googleLinkConflict);
      return linked;
    },

    /**
     * Every attempt is counted before the password is checked: the account from this address (5 in
     * 15 minutes), this address across accounts (30) and the account across addresses (paced).
     * Username and email share the account's counters; an unknown login counts under its normalised
     * text. A right password takes its attempt back.
     */
    async login(input: LoginBody, clientIp: string): Promise<User> {
      const failures = required(deps.failures, 'failures');
      const now = clock();
      const row = await usersRepo.findByLogin(input.username);
      const account = row ? `user-${row.id}` : `name-${input.username.trim().toLowerCase()}`;
      const strictKey = `login:${account}@${clientIp}`;
      const addressKey = `login-ip:${clientIp}`;
      const accountKey = `login-account:${account}`;

      const waitMs = (counter: { windowEndsAt: Date }) =>
        counter.windowEndsAt.getTime() - now.getTime();

      const strict = await failures.attempt(strictKey, now, LOGIN_FAILURE_WINDOW_MS);
      if (strict.count > LOGIN_FAILURE_LIMIT)
        throw tooManyAttempts(MESSAGES.tooManyFailures, waitMs(strict));
      // A later refusal checked nothing: only its own counter keeps it (waiting locks no address).
      const address = await failures.attempt(addressKey, now, LOGIN_FAILURE_WINDOW_MS);
      if (address.count > LOGIN_ADDRESS_LIMIT) {
        await failures.refund(strictKey);
        throw tooManyAttempts(MESSAGES.tooManyFromAddress, waitMs(address));
      }
      const pacing = LOGIN_ACCOUNT_PACING;
      const paced = await failures.attemptPaced(accountKey, now, LOGIN_ACCOUNT_WINDOW_MS, pacing);
      if (!paced.allowed) {
        await Promise.all([failures.refund(strictKey), failures.refund(addressKey)]);
        const wait = describeWait(paced.retryAfterMs);
        const message = `Too many sign-in attempts for this account. Please wait ${wait} and try again.`;
        throw tooManyAttempts(message, paced.retryAfterMs);
      }

      // An unknown login costs the same hashing work, so the answer's timing does not tell.
      const stored = row?.passwordHash;
      const hash = stored ? stored : await (dummyHash ??= hashPassword(generatePassword()));
      const ok = (await verifyPassword(input.password, hash)) && Boolean(stored);
      if (!row || !ok) throw invalidLogin();

      await Promise.all([
        failures.reset(strictKey),
        failures.refund(addressKey),
        failures.refund(accountKey),
      ]);
      if (row.passwordHash && needsRehash(row.passwordHash)) {
        const next = await hashPassword(input.password);
        await usersRepo.upgradePasswordHash(row.id, row.passwordHash, next);
      }
      return toUser(row, now);
    },

    /** Counts a sign-up from this address before anything is looked up (it reveals taken names). */
    async countSignUp(clientIp: string): Promise<void> {
      const failures = required(deps.failures, 'failures');
      const rule: AttemptRule = {
        limit: deps.signUpsPerAddressPerHour ?? SIGN_UPS_PER_ADDRESS_PER_HOUR,
        windowMs: HOUR_MS,
        message: MESSAGES.tooManySignUps,
      };
      await countAttempts(failures, clock(), [{ key: `register-ip:${clientIp}`, rule }]);
    },

    /** Counts a reset request per address and per email before any lookup or email is sent. */
    async countResetRequest(email: string, clientIp: string): Promise<void> {
      const failures = required(deps.failures, 'failures');
      await countAttempts(failures, clock(), [
        { key: `reset-ip:${clientIp}`, rule: RESET_REQUESTS_PER_ADDRESS },
        { key: `reset-email:${email.trim().toLowerCase()}`, rule: RESET_REQUESTS_PER_EMAIL },
      ]);
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
      if (await usersRepo.usernameTaken(input.newUsername, actor.id)) throw usernameTaken();
      const now = clock();
      const result = await usersRepo.updateUsername(actor.id, input.newUsername, now);
      if ('conflict' in result) throw usernameTaken();
      return toUser(result.row, now);
    },

    /**
     * A reset link if an account has the address, emailed in the background: the answer and its
     * timing are the same either way.
     */
    async requestPasswordReset(email: string): Promise<{ delivery: Promise<void> | null }> {
      const repo = required(deps.resetsRepo, 'resetsRepo');
      const mail = required(deps.email, 'email');
      const row = await usersRepo.findByEmail(email);
      if (!row?.email) return { delivery: null };
      const link = { ...RESET_LINK, repo };
      return sendLink({ ...row, email: row.email }, clock(), link, mail.sendPasswordReset);
    },

    async validateResetToken(token: string): Promise<void> {
      const resetsRepo = required(deps.resetsRepo, 'resetsRepo');
      const userId = await resetsRepo.findUsable(hashToken(token), clock());
      if (userId === null) throw new HttpError(400, 'INVALID_LINK', MESSAGES.invalidToken);
    },

    /** Sets the new password and signs the user out everywhere (a stolen session ends too). */
    async resetPassword(token: string, newPassword: string): Promise<void> {
      const resetsRepo = required(deps.resetsRepo, 'resetsRepo');
      const sessions = required(deps.sessions, 'sessions');
      const now = clock();
      const userId = await resetsRepo.consume(hashToken(token), now);
      if (userId === null) throw new HttpError(400, 'INVALID_LINK', MESSAGES.invalidToken);
      await usersRepo.updatePasswordHash(userId, await hashPassword(newPassword), now);
      // The link reached the person through the account's email: they own that address.
      await usersRepo.markEmailVerified(userId, now);
      await sessions.endAllForUser(userId);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
