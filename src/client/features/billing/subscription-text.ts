import {
  FREE_DOWNLOADS_PER_MONTH,
  PREMIUM_PRICE,
  type BillingPeriod,
} from '#shared/billing/plans.ts';
import type { SubscriptionStatusResponse } from '#shared/billing/billing.schemas.ts';
import { formatLongDate } from '#client/lib/format-date.ts';

/** The Premium price as the success page states it. */
export function premiumPriceText(period: BillingPeriod): string {
  if (period === 'annual') {
    return `$${PREMIUM_PRICE.annual.perMonth}/month ($${PREMIUM_PRICE.annual.perYear}/year billed annually)`;
  }
  return `$${PREMIUM_PRICE.monthly.perMonth}/month (billed monthly)`;
}

/** The price line under the big number on the pricing cards and in the upgrade dialog. */
export function premiumBilledText(period: BillingPeriod): string {
  return period === 'annual'
    ? `$${PREMIUM_PRICE.annual.perYear}/year billed annually`
    : PREMIUM_PRICE.monthly.billed;
}

/** 'active' → 'Active', 'past_due' → 'Past due'. */
export function statusLabel(status: string): string {
  const words = status.replace(/_/g, ' ').trim();
  if (!words) return 'Unknown';
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

type SubscriptionSummary =
  | { plan: 'Free' }
  | {
      plan: 'Premium';
      /** 'Your subscription will end on {date}' or 'Your subscription is active'. */
      headline: string;
      /** A second line: when it renews, or what happens at the end. */
      detail: string | null;
      /** Stripe could not take the last payment: the user should know before Premium lapses. */
      paymentProblem: string | null;
      canCancel: boolean;
    };

const PAYMENT_PROBLEM_STATUSES = new Set(['past_due', 'unpaid', 'incomplete']);

/** What the Subscription tab says; 'Cancel Subscription' follows the server's `canCancel`. */
export function describeSubscription(status: SubscriptionStatusResponse): SubscriptionSummary {
  if (status.plan !== 'Premium' || !status.isSubscribed) return { plan: 'Free' };
  const end = formatLongDate(status.expiryDate);
  const paymentProblem =
    status.stripeStatus && PAYMENT_PROBLEM_STATUSES.has(status.stripeStatus)
      ? 'Your last payment did not go through. Stripe will try again; if it keeps failing, your account returns to the Free plan.'
      : null;
  const ending = status.cancelAtPeriodEnd || !status.renews;
  if (ending && end) {
    return {
      plan: 'Premium',
      headline: `Your subscription will end on ${end}`,
      detail: status.cancelAtPeriodEnd
        ? "You keep Premium until then, and you won't be charged again. After that your account returns to the Free plan."
        : 'After that your account returns to the Free plan. It does not renew on its own.',
      paymentProblem,
      canCancel: false,
    };
  }
  return {
    plan: 'Premium',
    headline: 'Your subscription is active',
    detail: end ? (status.renews ? `It renews on ${end}.` : `Access until ${end}.`) : null,
    paymentProblem,
    canCancel: status.canCancel,
  };
}

/**
 * What the success page says when the server cannot confirm the checkout. Only someone who really
 * is Premium is told their subscription is still active (docs/product.md#checkout-pages).
 */
export function unconfirmedCheckoutText(premium: boolean): { title: string; description: string } {
  return premium
    ? {
        title: 'Subscription Details Unavailable',
        description:
          "Subscription details could not be loaded. Don't worry, your subscription is still active.",
      }
    : {
        title: 'Payment Not Confirmed',
        description: `We could not confirm a payment for this checkout, so your account is still on the free plan with ${FREE_DOWNLOADS_PER_MONTH} logo downloads per month.`,
      };
}

/** The cancel page's first line: the plan the visitor is really on (a guest or a free user: Free). */
export function closedCheckoutText(premiumUntil: string | null | false): string {
  if (premiumUntil === false) {
    return `You're still on the free plan with ${FREE_DOWNLOADS_PER_MONTH} logo downloads per month`;
  }
  const until = formatLongDate(premiumUntil);
  return `You're still on Premium${until ? ` until ${until}` : ''}. Nothing about your plan has changed.`;
}
