import { HttpError, signInRequired } from '#server/http-error.ts';
import {
  ACCOUNT_MESSAGES,
  type AccountExport,
  type User,
} from '#shared/accounts/accounts.schemas.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { DownloadsService } from '../downloads/downloads.service.ts';
import type { FavouritesService } from '../favourites/favourites.service.ts';
import type { PremiumCodesService } from '../premium-codes/premium-codes.service.ts';
import type { Clock, SessionsService } from '../sessions/sessions.service.ts';
import { toUser, type AccountsService } from './accounts.service.ts';
import type { UsersRepository } from './users.repository.ts';

type AccountRightsDeps = {
  usersRepo: UsersRepository;
  accounts: Pick<AccountsService, 'confirmIdentity'>;
  sessions: Pick<SessionsService, 'endAllForUser'>;
  billing: Pick<BillingService, 'cancelStripeSubscriptionNow'>;
  downloads: Pick<DownloadsService, 'fullHistory'>;
  premiumCodes: Pick<PremiumCodesService, 'redeemedBy'>;
  favourites: Pick<FavouritesService, 'exportFor'>;
  clock?: Clock;
};

/**
 * What a person may do with their own data (docs/product.md#your-account-rights): take a copy of
 * it, and delete the account with everything that is theirs.
 */
export function createAccountRightsService(deps: AccountRightsDeps) {
  const { usersRepo } = deps;
  const clock = deps.clock ?? (() => new Date());

  return {
    /** The account, its subscription, its whole download history, the codes it redeemed, its favourites. */
    async exportData(actor: User): Promise<AccountExport> {
      const row = await usersRepo.findById(actor.id);
      if (!row) throw signInRequired();
      const now = clock();
      const user = toUser(row, now);
      const [downloads, redeemedCodes, favourites] = await Promise.all([
        deps.downloads.fullHistory(row.id),
        deps.premiumCodes.redeemedBy(row.id),
        deps.favourites.exportFor(row.id),
      ]);
      return {
        exportedAt: now.toISOString(),
        account: {
          id: row.id,
          username: row.username,
          email: row.email,
          emailVerified: user.emailVerified,
          isAdmin: row.isAdmin,
          googleOnly: user.googleOnly,
          googleLinked: row.googleSub !== null,
          createdAt: row.createdAt.toISOString(),
        },
        subscription: {
          plan: user.isSubscribed ? 'Premium' : 'Free',
          expiryDate: user.subscriptionExpiryDate,
          startDate: row.subscriptionStartDate?.toISOString() ?? null,
          stripeStatus: row.stripeSubscriptionId ? row.subscriptionStatus : null,
          cancelAtPeriodEnd: row.subscriptionCancelAtPeriodEnd,
          downloadsThisPeriod: user.downloadCount,
        },
        downloads: downloads.map((d) => ({
          logoTitle: d.logoTitle,
          logoUrl: d.logoUrl,
          fileType: d.fileType ?? null,
          downloadDate: d.downloadDate,
        })),
        redeemedCodes,
        favourites,
      };
    },

    /**
     * Confirmed by the password (or a fresh Google sign-in): a renewing Stripe subscription is
     * cancelled first (a failure there refuses, so nobody keeps paying for a deleted account), then
     * the account goes with its history, favourites and links, and every session ends. Administrator accounts
     * are refused: the administrator is the product's operator (docs/decisions/031-account-rights.md).
     */
    async deleteAccount(
      actor: User,
      input: { password?: string | undefined; sessionId: string | null; clientIp: string },
    ): Promise<void> {
      if (actor.isAdmin)
        throw new HttpError(403, 'ADMIN_NOT_DELETABLE', ACCOUNT_MESSAGES.adminNotDeletable);
      await deps.accounts.confirmIdentity(actor, input);
      await deps.billing.cancelStripeSubscriptionNow(actor.id);
      await deps.sessions.endAllForUser(actor.id);
      if (!(await usersRepo.deleteNonAdministrator(actor.id))) throw signInRequired();
    },
  };
}

export type AccountRightsService = ReturnType<typeof createAccountRightsService>;
