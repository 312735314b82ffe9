import type { FastifyBaseLogger } from 'fastify';
import { HttpError, signInRequired } from '#server/http-error.ts';
import type { User } from '#shared/accounts/accounts.schemas.ts';
import {
  PAYMENTS_NOT_CONFIGURED_MESSAGE,
  type BillingConfigResponse,
  type CancelSubscriptionResponse,
  type CreateSubscriptionBody,
  type CreateSubscriptionResponse,
  type SubscriptionStatusResponse,
  type VerifySubscriptionResponse,
} from '#shared/billing/billing.schemas.ts';
import { isPremium } from '#shared/billing/plans.ts';
import type { BillingRepository, BillingUserRow, StripeState } from './billing.repository.ts';
import {
  PaymentProviderError,
  WebhookSignatureError,
  type StripeGateway,
  type StripeSubscription,
  type StripeWebhookEvent,
} from './stripe-client.ts';

export const BILLING_MESSAGES = {
  notConfigured: PAYMENTS_NOT_CONFIGURED_MESSAGE,
  createFailed: 'Failed to initiate subscription',
  notYourAccount: 'You can only manage your own subscription.',
  alreadySubscribed:
    'You already have an active subscription. You can manage it from your dashboard.',
  sessionNotFound: 'This checkout session could not be found.',
  sessionNotYours: 'This checkout session belongs to another account.',
  notPaid: 'The payment for this checkout session has not been completed.',
  subscriptionNotActive: 'This subscription is no longer active.',
  verifyFailed: 'Could not verify your subscription. Please try again in a moment.',
  cancelled:
    'Your subscription has been canceled. You will still have access until the end of your billing period.',
  nothingToCancel: 'You have no active subscription to cancel.',
  cancelFailed: 'Failed to cancel the subscription. Please try again in a moment.',
  webhooksNotConfigured: 'Webhooks are not configured',
} as const;

const noRenewal = (date: Date) =>
  `This Premium has no renewing subscription to cancel; it ends on ${date.toISOString().slice(0, 10)}.`;

/** Stripe statuses in which the subscription still renews (Stripe keeps retrying a past_due one). */
const LIVE = new Set(['active', 'trialing', 'past_due']);
/** Statuses in which the subscription has been paid for the current period. */
const PAID = new Set(['active', 'trialing']);
/** Statuses that end Premium at once. */
const ENDED = new Set(['canceled', 'unpaid', 'incomplete_expired']);
/** A checkout session's payment statuses that count as paid. */
const SESSION_PAID = new Set(['paid', 'no_payment_required']);

/**
 * A Stripe subscription that is still running (renewing, or set to end at the period end). Its
 * Stripe events set the end of Premium, so nothing else (a premium code) can add to it.
 */
export function hasLiveSubscription(
  row: Pick<
    BillingUserRow,
    'stripeSubscriptionId' | 'subscriptionStatus' | 'subscriptionExpiryDate'
  >,
  now: Date,
): boolean {
  return (
    row.stripeSubscriptionId !== null &&
    row.subscriptionStatus !== null &&
    LIVE.has(row.subscriptionStatus) &&
    isPremium(row, now)
  );
}

type BillingServiceDeps = {
  repo: BillingRepository;
  /** Null when STRIPE_SECRET_KEY is not set. */
  stripe: StripeGateway | null;
  publicUrl: string;
  clock?: () => Date;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
};

export function createBillingService(deps: BillingServiceDeps) {
  const { repo, stripe, publicUrl } = deps;
  const clock = deps.clock ?? (() => new Date());
  const log = deps.log;

  function requireStripe(): StripeGateway {
    if (!stripe)
      throw new HttpError(409, 'PAYMENTS_NOT_CONFIGURED', BILLING_MESSAGES.notConfigured);
    return stripe;
  }

  function ensureOwnAccount(actor: User, userId: number | undefined) {
    if (userId !== undefined && userId !== actor.id) {
      throw new HttpError(403, 'NOT_YOUR_ACCOUNT', BILLING_MESSAGES.notYourAccount);
    }
  }

  async function loadRow(actor: User): Promise<BillingUserRow> {
    const row = await repo.findUser(actor.id);
    // The session resolved this user a moment ago; gone now means deleted meanwhile.
    if (!row) throw signInRequired();
    return row;
  }

  /** Runs a Stripe call; a provider failure is logged and answered as a 502 with `message`. */
  async function viaStripe<T>(message: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      log?.error({ stripe: error.detail }, error.message);
      throw new HttpError(502, 'PAYMENT_PROVIDER_FAILED', message);
    }
  }

  /** Its owner: the user in our checkout's metadata, else the linked user, else by customer id. */
  async function ownerOf(sub: StripeSubscription): Promise<BillingUserRow | null> {
    if (sub.userId !== null) {
      const row = await repo.findUser(sub.userId);
      if (row) return row;
    }
    const linked = await repo.findUserBySubscription(sub.id);
    if (linked) return linked;
    return sub.customerId ? repo.findUserByCustomer(sub.customerId) : null;
  }

  /**
   * Brings the user's row in step with a subscription as Stripe reports it now:
   * - paid (active, trialing): linked to the user, Premium until at least the period end;
   * - past_due: status recorded, expiry kept: access continues to the end of what was paid, then
   *   Free (decided on read, like every expiry);
   * - canceled, unpaid, incomplete_expired: Premium ends now — but only if it is the user's
   *   current subscription (an old one ending never ends a newer one);
   * - anything else (incomplete, paused): status recorded if linked, expiry kept.
   */
  async function syncSubscription(
    sub: StripeSubscription,
    owner: BillingUserRow | null,
    options: { paymentFailed?: boolean } = {},
  ): Promise<BillingUserRow | null> {
    const now = clock();
    const row = owner ?? (await ownerOf(sub));
    if (!row) {
      log?.warn({ subscription: sub.id }, 'Stripe subscription for an unknown user: ignored');
      return null;
    }
    const status = options.paymentFailed && PAID.has(sub.status) ? 'past_due' : sub.status;
    const base = { status, cancelAtPeriodEnd: sub.cancelAtPeriodEnd, now };
    const state: StripeState = PAID.has(status)
      ? { ...base, expiry: { kind: 'extend', to: sub.currentPeriodEnd } }
      : ENDED.has(status)
        ? { ...base, cancelAtPeriodEnd: false, expiry: { kind: 'end', at: now } }
        : { ...base, expiry: { kind: 'keep' } };
    if (row.stripeSubscriptionId !== sub.id) {
      if (!PAID.has(status)) {
        log?.info(
          { subscription: sub.id, userId: row.id, status },
          "not the user's current Stripe subscription: ignored",
        );
        return row;
      }
      if (row.stripeSubscriptionId && hasLiveSubscription(row, now)) {
        log?.warn(
          { userId: row.id, previous: row.stripeSubscriptionId, next: sub.id },
          'a second paid Stripe subscription replaces the one on record',
        );
      }
      return repo.linkSubscription(
        row.id,
        { subscriptionId: sub.id, customerId: sub.customerId, startDate: sub.startDate },
        state,
      );
    }
    return repo.updateLinkedSubscription(row.id, sub.id, state);
  }

  async function subscriptionFromStripe(id: string): Promise<StripeSubscription | null> {
    const sub = await requireStripe().retrieveSubscription(id);
    if (!sub) log?.warn({ subscription: id }, 'Stripe has no such subscription: event ignored');
    return sub;
  }

  return {
    config(): BillingConfigResponse {
      return { paymentsConfigured: stripe !== null };
    },

    /** Opens a Stripe Checkout Session for the signed-in user. */
    async createCheckout(
      actor: User,
      input: CreateSubscriptionBody,
    ): Promise<CreateSubscriptionResponse> {
      ensureOwnAccount(actor, input.userId === undefined ? undefined : Number(input.userId));
      const gateway = requireStripe();
      const row = await loadRow(actor);
      if (hasLiveSubscription(row, clock()) && !row.subscriptionCancelAtPeriodEnd) {
        throw new HttpError(409, 'ALREADY_SUBSCRIBED', BILLING_MESSAGES.alreadySubscribed);
      }
      const session = await viaStripe(BILLING_MESSAGES.createFailed, () =>
        gateway.createCheckoutSession({
          userId: row.id,
          email: row.email,
          customerId: row.stripeCustomerId,
          plan: input.isAnnual ? 'annual' : 'monthly',
          successUrl: `${publicUrl}/subscription-success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${publicUrl}/subscription-cancel`,
        }),
      );
      return { url: session.url, sessionId: session.id };
    },

    /** The success page: checks the session is the caller's and paid, and activates Premium (idempotent). */
    async verifyCheckout(actor: User, sessionId: string): Promise<VerifySubscriptionResponse> {
      const gateway = requireStripe();
      const session = await viaStripe(BILLING_MESSAGES.verifyFailed, () =>
        gateway.retrieveCheckoutSession(sessionId),
      );
      if (!session) throw new HttpError(404, 'NOT_FOUND', BILLING_MESSAGES.sessionNotFound);
      if (session.userId !== actor.id)
        throw new HttpError(403, 'NOT_YOUR_ACCOUNT', BILLING_MESSAGES.sessionNotYours);
      const paid = session.status === 'complete' && SESSION_PAID.has(session.paymentStatus);
      if (!paid || !session.subscriptionId)
        throw new HttpError(402, 'PAYMENT_NOT_COMPLETED', BILLING_MESSAGES.notPaid);
      const subscriptionId = session.subscriptionId;
      const sub =
        session.subscription ??
        (await viaStripe(BILLING_MESSAGES.verifyFailed, () =>
          gateway.retrieveSubscription(subscriptionId),
        ));
      if (!sub)
        throw new HttpError(409, 'SUBSCRIPTION_NOT_ACTIVE', BILLING_MESSAGES.subscriptionNotActive);
      // The session's customer, in case the subscription object does not name it.
      const withCustomer = { ...sub, customerId: sub.customerId ?? session.customerId };
      const row = await syncSubscription(withCustomer, await loadRow(actor));
      const now = clock();
      if (
        !row ||
        row.stripeSubscriptionId !== sub.id ||
        !PAID.has(row.subscriptionStatus ?? '') ||
        !isPremium(row, now)
      ) {
        throw new HttpError(409, 'SUBSCRIPTION_NOT_ACTIVE', BILLING_MESSAGES.subscriptionNotActive);
      }
      return {
        status: 'active',
        startDate: (row.subscriptionStartDate ?? sub.startDate).toISOString(),
        expiryDate: row.subscriptionExpiryDate!.toISOString(),
        userId: row.id,
        plan: sub.plan,
      };
    },

    /** Stops the renewal at Stripe; Premium runs to the end of the period paid for. */
    async cancel(
      actor: User,
      input: { userId?: number | undefined },
    ): Promise<CancelSubscriptionResponse> {
      ensureOwnAccount(actor, input.userId);
      const row = await loadRow(actor);
      const now = clock();
      if (!hasLiveSubscription(row, now)) {
        const message = isPremium(row, now)
          ? noRenewal(row.subscriptionExpiryDate!)
          : BILLING_MESSAGES.nothingToCancel;
        throw new HttpError(409, 'NOTHING_TO_CANCEL', message);
      }
      if (row.subscriptionCancelAtPeriodEnd) {
        // Already set to end: the same answer again.
        return {
          endDate: row.subscriptionExpiryDate!.toISOString(),
          message: BILLING_MESSAGES.cancelled,
        };
      }
      const gateway = requireStripe();
      const sub = await viaStripe(BILLING_MESSAGES.cancelFailed, () =>
        gateway.cancelAtPeriodEnd(row.stripeSubscriptionId!),
      );
      const updated = (await syncSubscription(sub, row)) ?? row;
      const end = updated.subscriptionExpiryDate ?? sub.currentPeriodEnd;
      return { endDate: end.toISOString(), message: BILLING_MESSAGES.cancelled };
    },

    async status(actor: User): Promise<SubscriptionStatusResponse> {
      const row = await loadRow(actor);
      const now = clock();
      const premium = isPremium(row, now);
      const live = hasLiveSubscription(row, now);
      const cancelAtPeriodEnd = live && row.subscriptionCancelAtPeriodEnd;
      return {
        plan: premium ? 'Premium' : 'Free',
        isSubscribed: premium,
        expiryDate: premium ? row.subscriptionExpiryDate!.toISOString() : null,
        renews: live && !cancelAtPeriodEnd,
        cancelAtPeriodEnd,
        stripeStatus: row.stripeSubscriptionId ? row.subscriptionStatus : null,
        canCancel: live && !cancelAtPeriodEnd,
      };
    },

    /** Ends the user's Stripe subscription now (downgrade, deletion); no-op when none runs. */
    async cancelStripeSubscriptionNow(userId: number): Promise<void> {
      const row = await repo.findUser(userId);
      if (!row?.stripeSubscriptionId) return;
      if (row.subscriptionStatus !== null && ENDED.has(row.subscriptionStatus)) return;
      if (!stripe) {
        log?.warn(
          { userId, subscription: row.stripeSubscriptionId },
          'payments are not configured: the Stripe subscription was not cancelled at Stripe',
        );
        return;
      }
      const subscriptionId = row.stripeSubscriptionId;
      const sub = await viaStripe(
        'The Stripe subscription could not be cancelled. Please try again in a moment.',
        () => stripe.cancelNow(subscriptionId),
      );
      await repo.updateLinkedSubscription(row.id, subscriptionId, {
        status: sub?.status ?? 'canceled',
        cancelAtPeriodEnd: false,
        expiry: { kind: 'keep' },
        now: clock(),
      });
    },

    /** Checks the signature; HttpError 400 when it does not hold. */
    verifyWebhook(rawBody: Buffer, signature: string | undefined): StripeWebhookEvent {
      if (!stripe?.webhooksConfigured) {
        throw new HttpError(400, 'WEBHOOK_REJECTED', BILLING_MESSAGES.webhooksNotConfigured);
      }
      try {
        return stripe.verifyWebhook(rawBody, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError)
          throw new HttpError(400, 'WEBHOOK_REJECTED', error.message);
        throw error;
      }
    },

    /** Records the event id; false when this event was handled before (a replay changes nothing). */
    async recordEvent(event: StripeWebhookEvent): Promise<boolean> {
      const type = event.type === 'ignored' ? event.stripeType.slice(0, 100) : event.type;
      return repo.claimEvent(event.id, type, clock());
    },

    /**
     * Acts on a verified, newly recorded event. Subscriptions are read back from Stripe (events out
     * of order still leave the latest state); on failure the record is dropped so the retry counts.
     */
    async handleEvent(event: StripeWebhookEvent): Promise<void> {
      try {
        switch (event.type) {
          case 'checkout.session.completed': {
            const { session } = event;
            if (!session.subscriptionId || !SESSION_PAID.has(session.paymentStatus)) return;
            const sub = await subscriptionFromStripe(session.subscriptionId);
            if (!sub) return;
            const owner = session.userId !== null ? await repo.findUser(session.userId) : null;
            await syncSubscription(
              {
                ...sub,
                userId: sub.userId ?? session.userId,
                customerId: sub.customerId ?? session.customerId,
              },
              owner,
            );
            return;
          }
          case 'customer.subscription.updated':
          case 'customer.subscription.deleted': {
            const current = await requireStripe().retrieveSubscription(event.subscription.id);
            // A deleted subscription Stripe no longer returns: the event's own copy is the truth.
            await syncSubscription(current ?? event.subscription, null);
            return;
          }
          case 'invoice.paid':
          case 'invoice.payment_failed': {
            if (!event.subscriptionId) return;
            const sub = await subscriptionFromStripe(event.subscriptionId);
            if (!sub) return;
            await syncSubscription(sub, null, {
              paymentFailed: event.type === 'invoice.payment_failed',
            });
            return;
          }
          case 'ignored':
            log?.info({ event: event.id, type: event.stripeType }, 'Stripe event not handled');
            return;
        }
      } catch (error) {
        await repo.releaseEvent(event.id);
        if (error instanceof PaymentProviderError) {
          log?.error({ stripe: error.detail, event: event.id }, error.message);
        }
        throw error;
      }
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
