import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { startStripeFake, type StripeFake } from '#tests/fakes/stripe-fake.ts';
import {
  createStripeGateway,
  invoiceSubscriptionId,
  parseSubscription,
  parseWebhookEvent,
} from './stripe-client.ts';

const subscription = {
  object: 'subscription',
  id: 'sub_1',
  customer: 'cus_1',
  status: 'active',
  cancel_at_period_end: false,
  start_date: 1_772_359_200,
  metadata: { userId: '42', plan: 'annual' },
  items: {
    data: [{ current_period_end: 1_803_895_200, price: { recurring: { interval: 'year' } } }],
  },
};

describe('parsing Stripe objects', () => {
  it('reads the period end from the items (API ≥ 2025-03) or from the subscription (older)', () => {
    expect(parseSubscription(subscription)).toEqual({
      id: 'sub_1',
      customerId: 'cus_1',
      status: 'active',
      cancelAtPeriodEnd: false,
      startDate: new Date(1_772_359_200_000),
      currentPeriodEnd: new Date(1_803_895_200_000),
      userId: 42,
      plan: 'annual',
    });
    const legacy = {
      ...subscription,
      current_period_end: 1_775_037_600,
      metadata: {},
      items: { data: [{ price: { recurring: { interval: 'month' } } }] },
    };
    expect(parseSubscription(legacy)).toMatchObject({
      currentPeriodEnd: new Date(1_775_037_600_000),
      userId: null,
      plan: 'monthly',
    });
    expect(() => parseSubscription({ ...legacy, current_period_end: undefined })).toThrow(
      /no current period end/,
    );
  });

  it('finds an invoice’s subscription in the new (parent) and old (subscription) places', () => {
    expect(
      invoiceSubscriptionId({
        object: 'invoice',
        parent: { subscription_details: { subscription: 'sub_new' } },
      }),
    ).toBe('sub_new');
    expect(invoiceSubscriptionId({ object: 'invoice', subscription: 'sub_old' })).toBe('sub_old');
    expect(
      invoiceSubscriptionId({
        object: 'invoice',
        lines: {
          data: [{ parent: { subscription_item_details: { subscription: 'sub_line' } } }],
        },
      }),
    ).toBe('sub_line');
    expect(invoiceSubscriptionId({ object: 'invoice' })).toBeNull();
  });

  it('reduces events to the five it acts on and ignores the rest', () => {
    expect(
      parseWebhookEvent({
        id: 'evt_1',
        type: 'customer.subscription.deleted',
        data: { object: subscription },
      }),
    ).toMatchObject({ id: 'evt_1', type: 'customer.subscription.deleted' });
    expect(
      parseWebhookEvent({ id: 'evt_2', type: 'charge.succeeded', data: { object: {} } }),
    ).toEqual({ id: 'evt_2', type: 'ignored', stripeType: 'charge.succeeded' });
  });
});

describe('the Stripe adapter against the stand-in', () => {
  let fake: StripeFake;
  beforeAll(async () => {
    fake = await startStripeFake({
      periodEndOn: 'subscription',
      prices: { price_annual_test: { unitAmount: 3600, interval: 'year' } },
    });
  });
  afterAll(() => fake.close());

  const config = (env: Record<string, string> = {}) =>
    loadConfig({ STRIPE_SECRET_KEY: 'sk_test_adapter', STRIPE_API_URL: fake.url, ...env });

  it('is null without STRIPE_SECRET_KEY', async () => {
    expect(await createStripeGateway(loadConfig({}))).toBeNull();
  });

  it('uses a configured price id, and reads an older API version’s subscription', async () => {
    const gateway = (await createStripeGateway(
      config({ STRIPE_PRICE_ANNUAL: 'price_annual_test' }),
    ))!;
    const session = await gateway.createCheckoutSession({
      userId: 7,
      email: null,
      customerId: null,
      plan: 'annual',
      successUrl: 'http://localhost/s?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost/c',
    });
    const sent = fake.requests().at(-1)!;
    expect(sent.body.line_items).toEqual([{ price: 'price_annual_test', quantity: '1' }]);
    expect(sent.body).not.toHaveProperty('customer_email');
    await fake.pay(session.id);
    const retrieved = await gateway.retrieveCheckoutSession(session.id);
    expect(retrieved).toMatchObject({ status: 'complete', paymentStatus: 'paid', userId: 7 });
    expect(retrieved!.subscription).toMatchObject({ status: 'active', plan: 'annual', userId: 7 });
    expect(fake.subscription(retrieved!.subscriptionId!)).toHaveProperty('current_period_end');
  });

  it('answers null for what Stripe does not have, and a PaymentProviderError otherwise', async () => {
    const gateway = (await createStripeGateway(config()))!;
    expect(await gateway.retrieveCheckoutSession('cs_test_missing')).toBeNull();
    expect(await gateway.retrieveSubscription('sub_missing')).toBeNull();
    expect(await gateway.cancelNow('sub_missing')).toBeNull();
    await expect(
      gateway.createCheckoutSession({
        userId: 1,
        email: null,
        customerId: 'cus_unknown',
        plan: 'monthly',
        successUrl: 'http://localhost/s',
        cancelUrl: 'http://localhost/c',
      }),
    ).rejects.toMatchObject({
      name: 'PaymentProviderError',
      message: 'Stripe: creating a checkout session failed',
      detail: { code: 'resource_missing', statusCode: 404 },
    });
  });

  it('verifies webhook signatures with the endpoint secret', async () => {
    const gateway = (await createStripeGateway(
      config({ STRIPE_WEBHOOK_SECRET: 'whsec_adapter' }),
    ))!;
    const payload = JSON.stringify({
      id: 'evt_9',
      type: 'invoice.paid',
      data: { object: { object: 'invoice', subscription: 'sub_9' } },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_adapter' });
    expect(gateway.verifyWebhook(Buffer.from(payload), header)).toEqual({
      id: 'evt_9',
      type: 'invoice.paid',
      subscriptionId: 'sub_9',
    });
    const wrong = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(() => gateway.verifyWebhook(Buffer.from(payload), wrong)).toThrow(
      'The webhook signature could not be verified.',
    );
    expect(() => gateway.verifyWebhook(Buffer.from(payload), undefined)).toThrow(
      'Missing Stripe-Signature header',
    );
    const unconfigured = (await createStripeGateway(config()))!;
    expect(unconfigured.webhooksConfigured).toBe(false);
    expect(() => unconfigured.verifyWebhook(Buffer.from(payload), header)).toThrow(
      'Webhooks are not configured',
    );
  });
});
