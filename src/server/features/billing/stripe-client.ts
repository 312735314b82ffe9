import type Stripe from 'stripe';
import { z } from 'zod';
import type { Config } from '#server/config.ts';
import { PREMIUM_PRICE, type BillingPeriod } from '#shared/billing/plans.ts';

/*
 * The adapter to Stripe: the official SDK, pointed at STRIPE_API_URL when set (the local stand-in
 * in tests/fakes). Stripe's objects are parsed here, with zod, into the few facts the billing rules
 * need, so the service never depends on one Stripe API version's field layout.
 */

export type StripeSubscription = ReturnType<typeof parseSubscription>;
type StripeCheckoutSession = ReturnType<typeof parseCheckoutSession>;

/** A verified webhook event, reduced to what the billing rules act on. */
export type StripeWebhookEvent =
  | { id: string; type: 'checkout.session.completed'; session: StripeCheckoutSession }
  | {
      id: string;
      type: 'customer.subscription.updated' | 'customer.subscription.deleted';
      subscription: StripeSubscription;
    }
  | {
      id: string;
      type: 'invoice.paid' | 'invoice.payment_failed';
      subscriptionId: string | null;
    }
  | { id: string; type: 'ignored'; stripeType: string };

/** Stripe could not be reached or refused the request; `detail` is for the log, never the user. */
export class PaymentProviderError extends Error {
  readonly detail: Record<string, unknown>;
  constructor(message: string, detail: Record<string, unknown>) {
    super(message);
    this.name = 'PaymentProviderError';
    this.detail = detail;
  }
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

type CheckoutInput = {
  userId: number;
  email: string | null;
  customerId: string | null;
  plan: BillingPeriod;
  successUrl: string;
  cancelUrl: string;
};

export type StripeGateway = {
  createCheckoutSession(input: CheckoutInput): Promise<{ id: string; url: string }>;
  /** Null (here and below) when Stripe has no such object. */
  retrieveCheckoutSession(id: string): Promise<StripeCheckoutSession | null>;
  retrieveSubscription(id: string): Promise<StripeSubscription | null>;
  /** Sets cancel_at_period_end: no renewal, access to the period end. */
  cancelAtPeriodEnd(id: string): Promise<StripeSubscription>;
  /** Cancels at once. */
  cancelNow(id: string): Promise<StripeSubscription | null>;
  /** Whether STRIPE_WEBHOOK_SECRET is set. */
  webhooksConfigured: boolean;
  /** Checks the Stripe-Signature header against the raw body; throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): StripeWebhookEvent;
};

const Id = z.string().min(1);
const IdOrObject = z.union([Id, z.object({ id: Id }).transform((o) => o.id)]);
const Metadata = z.record(z.string(), z.string()).nullish();
const UnixTime = z.number().int();

function userIdFrom(...candidates: Array<string | null | undefined>): number | null {
  const value = candidates.find((v) => v && /^\d{1,10}$/.test(v));
  return value ? Number(value) : null;
}

const SubscriptionObject = z.object({
  object: z.literal('subscription'),
  id: Id,
  customer: IdOrObject.nullish(),
  status: z.string(),
  cancel_at_period_end: z.boolean().nullish(),
  start_date: UnixTime.nullish(),
  created: UnixTime.nullish(),
  // Before API version 2025-03-31 the period lived on the subscription itself.
  current_period_end: UnixTime.nullish(),
  metadata: Metadata,
  items: z
    .object({
      data: z.array(
        z.object({
          current_period_end: UnixTime.nullish(),
          price: z.object({ recurring: z.object({ interval: z.string() }).nullish() }).nullish(),
        }),
      ),
    })
    .nullish(),
});

export function parseSubscription(value: unknown) {
  const sub = SubscriptionObject.parse(value);
  const item = sub.items?.data[0];
  const periodEnd = item?.current_period_end ?? sub.current_period_end;
  if (periodEnd === null || periodEnd === undefined) {
    throw new Error(`subscription ${sub.id} has no current period end`);
  }
  const interval = item?.price?.recurring?.interval;
  const metaPlan = sub.metadata?.plan;
  const fromInterval = interval === 'year' ? 'annual' : 'monthly';
  const plan: BillingPeriod =
    metaPlan === 'annual' || metaPlan === 'monthly' ? metaPlan : fromInterval;
  return {
    id: sub.id,
    customerId: sub.customer ?? null,
    status: sub.status,
    cancelAtPeriodEnd: sub.cancel_at_period_end ?? false,
    startDate: new Date((sub.start_date ?? sub.created ?? periodEnd) * 1000),
    /** The end of the period paid for (the first item's on API versions ≥ 2025-03). */
    currentPeriodEnd: new Date(periodEnd * 1000),
    /** Our user id, from the metadata the checkout set. */
    userId: userIdFrom(sub.metadata?.userId),
    plan,
  };
}

const CheckoutSessionObject = z.object({
  object: z.literal('checkout.session'),
  id: Id,
  status: z.string().nullish(),
  payment_status: z.string(),
  client_reference_id: z.string().nullish(),
  customer: IdOrObject.nullish(),
  metadata: Metadata,
  subscription: z.unknown().nullish(),
});

function parseCheckoutSession(value: unknown) {
  const session = CheckoutSessionObject.parse(value);
  const raw = session.subscription;
  const subscription = raw && typeof raw === 'object' ? parseSubscription(raw) : null;
  return {
    id: session.id,
    status: session.status ?? null,
    paymentStatus: session.payment_status,
    userId: userIdFrom(session.client_reference_id, session.metadata?.userId),
    customerId: session.customer ?? null,
    subscriptionId: typeof raw === 'string' ? raw : (subscription?.id ?? null),
    /** Present when the subscription was expanded. */
    subscription,
  };
}

/** Where an invoice names its subscription; `subscription` itself before API version 2025-03-31. */
const SubscriptionRef = z.object({ subscription: IdOrObject.nullish() });
const InvoiceObject = SubscriptionRef.extend({
  object: z.literal('invoice'),
  parent: z.object({ subscription_details: SubscriptionRef.nullish() }).nullish(),
  lines: z
    .object({
      data: z.array(
        SubscriptionRef.extend({
          parent: z.object({ subscription_item_details: SubscriptionRef.nullish() }).nullish(),
        }),
      ),
    })
    .nullish(),
});

export function invoiceSubscriptionId(value: unknown): string | null {
  const invoice = InvoiceObject.parse(value);
  const line = invoice.lines?.data[0];
  return (
    invoice.parent?.subscription_details?.subscription ??
    invoice.subscription ??
    line?.parent?.subscription_item_details?.subscription ??
    line?.subscription ??
    null
  );
}

const EventEnvelope = z.object({
  id: Id,
  type: z.string(),
  data: z.object({ object: z.unknown() }),
});

export function parseWebhookEvent(value: unknown): StripeWebhookEvent {
  const event = EventEnvelope.parse(value);
  const object = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed':
      return { id: event.id, type: event.type, session: parseCheckoutSession(object) };
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { id: event.id, type: event.type, subscription: parseSubscription(object) };
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return { id: event.id, type: event.type, subscriptionId: invoiceSubscriptionId(object) };
    default:
      return { id: event.id, type: 'ignored', stripeType: event.type };
  }
}

/** Stripe's error class, from the SDK once it is loaded. */
type StripeErrorClass = typeof Stripe.errors.StripeError;

function describeStripeError(
  error: unknown,
  StripeError: StripeErrorClass,
): Record<string, unknown> {
  if (error instanceof StripeError) {
    return {
      type: error.type,
      code: error.code,
      statusCode: error.statusCode,
      requestId: error.requestId,
      message: error.message,
    };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

function isMissing(error: unknown, StripeError: StripeErrorClass): boolean {
  return (
    error instanceof StripeError && (error.code === 'resource_missing' || error.statusCode === 404)
  );
}

/** The unit amounts in cents and the interval of each plan, from plans.ts. */
const INLINE_PRICES = {
  monthly: { unitAmount: PREMIUM_PRICE.monthly.perMonth * 100, interval: 'month' },
  annual: { unitAmount: PREMIUM_PRICE.annual.perYear * 100, interval: 'year' },
} as const;

/**
 * The Stripe adapter, or null when STRIPE_SECRET_KEY is not set (payments are off). The SDK is
 * loaded only then: it holds ~8 MB of memory that a site without payments would carry for nothing
 * (docs/decisions/045-lean-idle-server-and-responsive-batches.md).
 */
export async function createStripeGateway(config: Config): Promise<StripeGateway | null> {
  const key = config.STRIPE_SECRET_KEY;
  if (!key) return null;
  const { default: Stripe } = await import('stripe');
  const StripeError = Stripe.errors.StripeError;

  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw new PaymentProviderError(
        `Stripe: ${what} failed`,
        describeStripeError(error, StripeError),
      );
    }
  }

  /** `call`, with null when Stripe has no such object. */
  async function callOrNull<T>(what: string, run: () => Promise<T>): Promise<T | null> {
    try {
      return await run();
    } catch (error) {
      if (isMissing(error, StripeError)) return null;
      throw new PaymentProviderError(
        `Stripe: ${what} failed`,
        describeStripeError(error, StripeError),
      );
    }
  }

  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  const stripe = new Stripe(key, {
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
    timeout: 20_000,
    maxNetworkRetries: 2,
    telemetry: false,
  });
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET;
  const priceIds: Record<BillingPeriod, string | undefined> = {
    monthly: config.STRIPE_PRICE_MONTHLY,
    annual: config.STRIPE_PRICE_ANNUAL,
  };

  return {
    webhooksConfigured: Boolean(webhookSecret),

    async createCheckoutSession(input) {
      const metadata = { userId: String(input.userId), plan: input.plan };
      const priceId = priceIds[input.plan];
      const inline = INLINE_PRICES[input.plan];
      const session = await call('creating a checkout session', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [
            priceId
              ? { price: priceId, quantity: 1 }
              : {
                  quantity: 1,
                  price_data: {
                    currency: 'usd',
                    unit_amount: inline.unitAmount,
                    recurring: { interval: inline.interval },
                    product_data: {
                      name: `WikiLogos Premium (${input.plan === 'annual' ? 'annual' : 'monthly'})`,
                    },
                  },
                },
          ],
          ...(input.customerId
            ? { customer: input.customerId }
            : input.email
              ? { customer_email: input.email }
              : {}),
          client_reference_id: String(input.userId),
          metadata,
          subscription_data: { metadata },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        }),
      );
      if (!session.url)
        throw new PaymentProviderError('Stripe: the checkout session has no url', {
          id: session.id,
        });
      return { id: session.id, url: session.url };
    },

    async retrieveCheckoutSession(id) {
      const session = await callOrNull('retrieving a checkout session', () =>
        stripe.checkout.sessions.retrieve(id, { expand: ['subscription'] }),
      );
      return session && parseCheckoutSession(session);
    },

    async retrieveSubscription(id) {
      const sub = await callOrNull('retrieving a subscription', () =>
        stripe.subscriptions.retrieve(id),
      );
      return sub && parseSubscription(sub);
    },

    async cancelAtPeriodEnd(id) {
      return parseSubscription(
        await call('cancelling at the period end', () =>
          stripe.subscriptions.update(id, { cancel_at_period_end: true }),
        ),
      );
    },

    async cancelNow(id) {
      const sub = await callOrNull('cancelling a subscription', () =>
        stripe.subscriptions.cancel(id),
      );
      return sub && parseSubscription(sub);
    },

    verifyWebhook(rawBody, signature) {
      if (!webhookSecret) throw new WebhookSignatureError('Webhooks are not configured');
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: unknown;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch {
        throw new WebhookSignatureError('The webhook signature could not be verified.');
      }
      try {
        return parseWebhookEvent(event);
      } catch (error) {
        // Signed but unreadable: retrying would not help, so it is logged and acknowledged.
        const envelope = EventEnvelope.safeParse(event);
        return {
          id: envelope.success ? envelope.data.id : 'unknown',
          type: 'ignored',
          stripeType: `${envelope.success ? envelope.data.type : 'unknown'} (unreadable: ${error instanceof Error ? error.message.slice(0, 200) : 'parse error'})`,
        };
      }
    },
  };
}
