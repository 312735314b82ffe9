import { HttpError } from '#server/http-error.ts';
import type { User } from '#shared/accounts/accounts.schemas.ts';
import {
  TEST_ACCOUNTS_DISABLED_MESSAGE,
  type AdminUser,
  type AdminUsersPage,
  type AuditEntry,
} from '#shared/admin/admin.schemas.ts';
import {
  MESSAGES as ACCOUNT_MESSAGES,
  type AccountsService,
} from '../accounts/accounts.service.ts';
import type { Clock } from '../sessions/sessions.service.ts';
import type { AuditLogRepository } from './audit-log.repository.ts';

export const ADMIN_MESSAGES = {
  userNotFound: ACCOUNT_MESSAGES.userNotFound,
  notPremium: 'This user does not have Premium.',
  adminNotDeletable: 'Administrator accounts cannot be deleted',
  testAccountsDisabled: TEST_ACCOUNTS_DISABLED_MESSAGE,
} as const;

export const AUDIT_LOG_LIMIT = 500;

/** What every admin action writes to the audit log. */
export type AuditAction =
  | 'grant-subscription'
  | 'downgrade-subscription'
  | 'delete-user'
  | 'create-code'
  | 'invalidate-code'
  | 'reset-credentials'
  | 'reset-all-users'
  | 'create-backup';

export type AuditInput = { action: AuditAction; target?: string | null; detail?: string | null };

/** Records one admin action by `actor` (other features' admin actions use it too). */
export type AuditRecorder = (actor: User, input: AuditInput) => Promise<void>;

/**
 * Stripe, as far as the admin area needs it (implemented by the billing feature). It must do
 * nothing for a user without a Stripe subscription.
 */
export type AdminBilling = { cancelStripeSubscriptionNow(userId: number): Promise<void> };

export type AdminServiceDeps = {
  accounts: AccountsService;
  auditRepo: AuditLogRepository;
  billing?: AdminBilling | undefined;
  allowTestAccounts: boolean;
  clock?: Clock;
};

export const describeUser = (user: { id: number; username: string }) =>
  `user ${user.username} (#${user.id})`;

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

export function createAdminService(deps: AdminServiceDeps) {
  const { accounts, auditRepo, billing } = deps;
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
    const user = await accounts.findUserForAdmin(userId);
    if (!user) throw new HttpError(404, 'NOT_FOUND', ADMIN_MESSAGES.userNotFound);
    return user;
  }

  return {
    record,

    config() {
      return { allowTestAccounts: deps.allowTestAccounts };
    },

    async listUsers(query: {
      search: string | undefined;
      page: number;
      pageSize: number;
    }): Promise<AdminUsersPage> {
      return accounts.listUsersPageForAdmin(query);
    },

    async grantSubscription(actor: User, userId: number, months: number): Promise<User> {
      const user = await accounts.grantSubscription(userId, months);
      await record(actor, {
        action: 'grant-subscription',
        target: describeUser(user),
        detail: `${months === 12 ? '12 months' : `${months} month`}, until ${day(user.subscriptionExpiryDate)}`,
      });
      return user;
    },

    /** Premium ends now; a Stripe subscription is cancelled first so it never bills again. */
    async downgradeSubscription(actor: User, userId: number): Promise<string> {
      const user = await existingUser(userId);
      if (!user.isSubscribed) throw new HttpError(409, 'NOT_PREMIUM', ADMIN_MESSAGES.notPremium);
      await billing?.cancelStripeSubscriptionNow(userId);
      const ended = await accounts.endSubscriptionNow(userId);
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
      if (user.isAdmin) throw new HttpError(403, 'ADMIN_NOT_DELETABLE', ADMIN_MESSAGES.adminNotDeletable);
      await billing?.cancelStripeSubscriptionNow(userId);
      if (!(await accounts.deleteNonAdministrator(userId))) {
        throw new HttpError(404, 'NOT_FOUND', ADMIN_MESSAGES.userNotFound);
      }
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
      const password = await accounts.resetAdministratorPassword(actor.id, currentSessionId);
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
      if (!deps.allowTestAccounts) throw new HttpError(403, 'TEST_ACCOUNTS_DISABLED', ADMIN_MESSAGES.testAccountsDisabled);
      if (billing) {
        for (const id of await accounts.nonAdministratorStripeSubscribers()) {
          await billing.cancelStripeSubscriptionNow(id);
        }
      }
      const { deleted, testUsers } = await accounts.replaceWithTestUsers();
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
