import { describe, expect, it } from 'vitest';
import { formatLongDate } from '#client/lib/format-date.ts';
import {
  closedCheckoutText,
  describeSubscription,
  premiumBilledText,
  premiumPriceText,
  statusLabel,
  unconfirmedCheckoutText,
} from './subscription-text.ts';
import type { SubscriptionStatusResponse } from '#shared/billing/billing.schemas.ts';
import { FREE_DOWNLOADS_PER_MONTH, PREMIUM_PRICE } from '#shared/billing/plans.ts';

const { annual, monthly } = PREMIUM_PRICE;

const premium: SubscriptionStatusResponse = {
  plan: 'Premium',
  isSubscribed: true,
  expiryDate: '2027-11-21T12:00:00.000Z',
  renews: true,
  cancelAtPeriodEnd: false,
  stripeStatus: 'active',
  canCancel: true,
};

describe('prices', () => {
  it('states the annual and monthly prices as the success page shows them', () => {
    expect(premiumPriceText('annual')).toBe(
      `$${annual.perMonth}/month ($${annual.perYear}/year billed annually)`,
    );
    expect(premiumPriceText('monthly')).toBe(`$${monthly.perMonth}/month (billed monthly)`);
  });

  it('gives the billed line under the big number', () => {
    expect(premiumBilledText('annual')).toBe(`$${annual.perYear}/year billed annually`);
    expect(premiumBilledText('monthly')).toBe(`$${monthly.perMonth} billed monthly`);
  });
});

describe('formatLongDate and statusLabel', () => {
  it('formats ISO dates as long US dates and drops bad ones', () => {
    // Midday UTC: the same calendar day in every time zone the tests may run in.
    expect(formatLongDate('2027-01-31T12:00:00.000Z')).toBe('January 31, 2027');
    expect(formatLongDate('not a date')).toBeNull();
    expect(formatLongDate(null)).toBeNull();
  });

  it('capitalises Stripe statuses', () => {
    expect(statusLabel('active')).toBe('Active');
    expect(statusLabel('past_due')).toBe('Past due');
    expect(statusLabel('')).toBe('Unknown');
  });
});

describe('describeSubscription', () => {
  it('is Free when the server says so', () => {
    expect(
      describeSubscription({
        ...premium,
        plan: 'Free',
        isSubscribed: false,
        expiryDate: null,
        renews: false,
        canCancel: false,
      }),
    ).toEqual({ plan: 'Free' });
  });

  it('says a renewing subscription is active, with the renewal date and the cancel button', () => {
    const summary = describeSubscription(premium);
    expect(summary).toMatchObject({
      plan: 'Premium',
      headline: 'Your subscription is active',
      detail: 'It renews on November 21, 2027.',
      canCancel: true,
      paymentProblem: null,
    });
  });

  it('gives the end date once cancelled, and no cancel button', () => {
    const summary = describeSubscription({
      ...premium,
      cancelAtPeriodEnd: true,
      canCancel: false,
    });
    expect(summary).toMatchObject({
      headline: 'Your subscription will end on November 21, 2027',
      canCancel: false,
    });
  });

  it('gives the end date for Premium from a code or a grant (it does not renew)', () => {
    const summary = describeSubscription({
      ...premium,
      renews: false,
      stripeStatus: null,
      // Even if the server offered it, a non-renewing Premium has nothing to cancel.
      canCancel: true,
    });
    expect(summary).toMatchObject({
      headline: 'Your subscription will end on November 21, 2027',
      canCancel: false,
    });
  });

  it('warns about a failed payment', () => {
    const summary = describeSubscription({ ...premium, stripeStatus: 'past_due' });
    expect(summary.plan === 'Premium' && summary.paymentProblem).toMatch(/did not go through/);
  });

  it('follows the server on canCancel for an active subscription', () => {
    expect(describeSubscription({ ...premium, canCancel: false })).toMatchObject({
      headline: 'Your subscription is active',
      canCancel: false,
    });
  });
});

describe('the checkout pages say which plan the visitor is really on', () => {
  it('tells only a Premium user that their subscription is still active', () => {
    expect(unconfirmedCheckoutText(true).description).toBe(
      "Subscription details could not be loaded. Don't worry, your subscription is still active.",
    );
    const free = unconfirmedCheckoutText(false);
    expect(free.title).toBe('Payment Not Confirmed');
    expect(free.description).not.toMatch(/still active/);
    expect(free.description).toContain(`free plan with ${FREE_DOWNLOADS_PER_MONTH} logo downloads`);
  });

  it('tells a Premium user who closed checkout that they are still on Premium, not Free', () => {
    expect(closedCheckoutText(false)).toBe(
      `You're still on the free plan with ${FREE_DOWNLOADS_PER_MONTH} logo downloads per month`,
    );
    expect(closedCheckoutText('2027-03-31T12:00:00.000Z')).toBe(
      "You're still on Premium until March 31, 2027. Nothing about your plan has changed.",
    );
    expect(closedCheckoutText(null)).toBe(
      "You're still on Premium. Nothing about your plan has changed.",
    );
  });
});
