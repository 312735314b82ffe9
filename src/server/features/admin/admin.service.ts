import { HttpError } from '#server/http-error.ts';
import type { User } from '#shared/accounts/accounts.schemas.ts';
import {
  TEST_ACCOUNTS_DISABLED_MESSAGE,
  type AdminUser,
  type AdminUsersPage,
  type AuditEntry,
} from '#shared/admin/admin.schemas.ts';
import { randomBytes } from 'node:crypto';
import { MESSAGES as ACCOUNT_MESSAGES, toUser } from '../accounts/accounts.service.ts';
import { generatePassword, hashPassword } from '../accounts/password.ts';
import { addCalendarMonths } from '../downloads/download-period.ts';
import type { Clock, SessionsService } from '../sessions/sessions.service.ts';
import type { AdminUsersRepository, UserRow } from './admin-users.repository.ts';
import type { AuditLogRepository } from './audit-log.repository.ts';

const ADMIN_MESSAGES = {
  notPremium: 'This user does not have Premium.',
  adminNotDeletable: 'Administrator accounts cannot be deleted',
  ownAccount: 'You cannot change your own plan from the admin area.',
  testAccountsDisabled: TEST_ACCOUNTS_DISABLED_MESSAGE,
} as const;

const AUDIT_LOG_LIMIT = 500;

const userNotFound = () => new HttpError(404, 'NOT_FOUND', ACCOUNT_MESSAGES.userNotFound);

/** An administrator never gives themselves Premium or takes it away (docs/product.md#administration). */
function refuseOwnAccount(actor: User, userId: number) {
  if (actor.id === userId) throw new HttpError(403, 'OWN_ACCOUNT', ADMIN_MESSAGES.ownAccount);
}

type AuditAction =
  | 'grant-subscription'
  | 'downgrade-subscription'
  | 'delete-user'
  | 'create-code'
  | 'invalidate-code'
  | 'reset-credentials'
  | 'reset-all-users'
  | 'create-backup'
  | 'resolve-support-request';

type AuditInput = { action: AuditAction; target?: string | null; detail?: string | null };

/** Records one admin action by `actor` (other features' admin actions use it too). */
export type AuditRecorder = (actor: User, input: AuditInput) => Promise<void>;

/** Stripe for the admin area (the billing feature); a no-op without a Stripe subscription. */
type AdminBilling = { cancelStripeSubscriptionNow(userId: number): Promise<void> };

type AdminServiceDeps = {
  usersRepo: AdminUsersRepository;
  sessions?: SessionsService;
  auditRepo: AuditLogRepository;
  billing?: AdminBilling | undefined;
  allowTestAccounts: boolean;
  clock?: Clock;
};

const describeUser = (user: { id: number; username: string }) =>
  `user ${user.username} (#${user.id})`;

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

type TestUserCredentials = { username: string; password: string; plan: 'Free' | 'Premium' };

/** A user as the admin area lists it: the effective plan and download count. */
function toAdminUser(row: UserRow, now: Date): AdminUser {
  const user = toUser(row, now);
  return {
    ...user,
    plan: user.isSubscribed ? 'Premium' : 'Free',
    createdAt: row.createdAt.toISOString(),
    hasStripeSubscription: user.isSubscribed && row.stripeSubscriptionId !== null,
  };
}

export function createAdminService(deps: AdminServiceDeps) {
  const { usersRepo, auditRepo, billing } = deps;
  const clock = deps.clock ?? (() => new Date());

  const record: AuditRecorder = async (actor, input) => {
    await auditRepo.insert({
      actorId: actor.id,
      actorName: actor.username,
      action: input.action,
      target: input.target ?? null,
      detail: input.detail ?? null,
      createdAt: clock(),
    });
  };

  async function existingUser(userId: number): Promise<AdminUser> {
    const row = await usersRepo.findById(userId);
    const user = row && toAdminUser(row, clock());
    if (!user) throw userNotFound();
    return user;
  }

  /** Every non-administrator makes way for two Free test accounts and one with a month of Premium. */
  async function replaceWithTestUsers() {
    const now = clock();
    const testUsers: TestUserCredentials[] = [];
    const newUsers = [];
    for (const [name, plan] of [
      ['test-free-1', 'Free'],
      ['test-free-2', 'Free'],
      ['test-premium', 'Premium'],
    ] as const) {
      // Only administrators survive the reset: a name one of them uses gets a random suffix.
      const username = (await usersRepo.administratorNamed(name))
        ? `${name}-${randomBytes(3).toString('hex')}`
        : name;
      const password = generatePassword();
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
  }

  return {
    record,

    config() {
      return { allowTestAccounts: deps.allowTestAccounts };
    },

    /** One page (1-based) of accounts, newest first, with the total. */
    async listUsers(query: {
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

    /** Premium for `months` more calendar months (from now or the current expiry). */
    async grantSubscription(actor: User, userId: number, months: number): Promise<User> {
      refuseOwnAccount(actor, userId);
      const now = clock();
      const row = await usersRepo.extendSubscription(userId, months, now);
      if (!row) throw userNotFound();
      const user = toUser(row, now);
      await record(actor, {
        action: 'grant-subscription',
        target: describeUser(user),
        detail: `${months === 12 ? '12 months' : `${months} month`}, until ${day(user.subscriptionExpiryDate)}`,
      });
      return user;
    },

    /** Premium ends now; a Stripe subscription is cancelled first so it never bills again. */
    async downgradeSubscription(actor: User, userId: number): Promise<string> {
      refuseOwnAccount(actor, userId);
      const user = await existingUser(userId);
      if (!user.isSubscribed) throw new HttpError(409, 'NOT_PREMIUM', ADMIN_MESSAGES.notPremium);
      await billing?.cancelStripeSubscriptionNow(userId);
      const ended = await usersRepo.endSubscriptionNow(userId, clock());
      if (!ended) throw new HttpError(409, 'NOT_PREMIUM', ADMIN_MESSAGES.notPremium);
      await record(actor, {
        action: 'downgrade-subscription',
        target: describeUser(user),
        detail: `Premium until ${day(user.subscriptionExpiryDate)} ended now${user.hasStripeSubscription ? '; Stripe subscription cancelled' : ''}`,
      });
      return `${user.username} is now on the Free plan.`;
    },

    async deleteUser(actor: User, userId: number): Promise<string> {
      const user = await existingUser(userId);
      // Covers the administrator's own account too.
      if (user.isAdmin)
        throw new HttpError(403, 'ADMIN_NOT_DELETABLE', ADMIN_MESSAGES.adminNotDeletable);
      await billing?.cancelStripeSubscriptionNow(userId);
      if (!(await usersRepo.deleteNonAdministrator(userId))) throw userNotFound();
      await record(actor, {
        action: 'delete-user',
        target: describeUser(user),
        detail: `${user.plan} plan${user.email ? `, ${user.email}` : ''}`,
      });
      return `${user.username} has been deleted.`;
    },

    /** A new password for the calling administrator; their other sessions end, this one stays. */
    async resetCredentials(
      actor: User,
      currentSessionId: string,
    ): Promise<{ username: string; password: string; message: string }> {
      if (!deps.sessions) throw new Error('admin service built without sessions');
      const row = await usersRepo.findById(actor.id);
      if (!row?.isAdmin) throw userNotFound();
      const password = generatePassword();
      await usersRepo.updatePasswordHash(actor.id, await hashPassword(password), clock());
      await deps.sessions.endOthersForUser(actor.id, currentSessionId);
      await record(actor, {
        action: 'reset-credentials',
        target: describeUser(actor),
        detail: 'new password generated; other sessions signed out',
      });
      return {
        username: actor.username,
        password,
        message:
          'Your new password is shown only this once: store it safely. Your other sessions have been signed out.',
      };
    },

    async resetAllUsers(actor: User) {
      if (!deps.allowTestAccounts)
        throw new HttpError(403, 'TEST_ACCOUNTS_DISABLED', ADMIN_MESSAGES.testAccountsDisabled);
      if (billing) {
        for (const id of await usersRepo.listNonAdministratorStripeSubscribers()) {
          await billing.cancelStripeSubscriptionNow(id);
        }
      }
      const { deleted, testUsers } = await replaceWithTestUsers();
      await record(actor, {
        action: 'reset-all-users',
        target: null,
        detail: `deleted ${deleted} account${deleted === 1 ? '' : 's'}; created ${testUsers.map((u) => u.username).join(', ')}`,
      });
      return {
        testUsers,
        message: `Deleted ${deleted} non-administrator account${deleted === 1 ? '' : 's'} and created ${testUsers.length} test accounts. Their passwords are shown only this once.`,
      };
    },

    async auditLog(): Promise<AuditEntry[]> {
      const rows = await auditRepo.listRecent(AUDIT_LOG_LIMIT);
      return rows.map((row) => ({
        id: row.id,
        actor: row.actorName,
        action: row.action,
        target: row.target,
        detail: row.detail,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
