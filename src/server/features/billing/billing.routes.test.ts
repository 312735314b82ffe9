import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeEvents } from '#server/db/schema/billing.ts';
import { users } from '#server/db/schema/users.ts';
import { PAYMENTS_NOT_CONFIGURED_MESSAGE } from '#shared/billing/billing.schemas.ts';
import { startStripeFake, type StripeFake } from '#tests/fakes/stripe-fake.ts';
import { createTestApp, databaseTargets } from '#tests/support/test-app.ts';
import {
  DAY,
  SESSION_COOKIE,
  login,
  manualClock,
  register,
} from '#tests/support/accounts-fixtures.ts';
import { BILLING_MESSAGES } from './billing.service.ts';

const WEBHOOK_SECRET = 'whsec_billing_test';

describe.each(databaseTargets)('Stripe billing on %s', (target) => {
  const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
  let fake: StripeFake;
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  let origin: string;
  let n = 0;

  beforeAll(async () => {
    fake = await startStripeFake({ webhookSecret: WEBHOOK_SECRET, now: clock.now });
    testApp = await createTestApp(
      target,
      {
        STRIPE_SECRET_KEY: 'sk_test_billing',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: fake.url,
        PUBLIC_URL: 'http://localhost:3000',
        RATE_LIMIT_PER_MINUTE: '100000',
      },
      { clock: clock.now },
    );
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
    fake.setWebhookUrl(`${origin}/api/stripe/webhook`);
  });
  afterAll(async () => {
    await fake?.settled();
    await testApp?.close();
    await fake?.close();
  });

  const app = () => testApp.app;
  const db = () => app().database.db;
  const as = (session: string) => ({ cookies: { [SESSION_COOKIE]: session } });

  async function newUser() {
    const name = `buyer${++n}`;
    const { session, user } = await register(app(), name);
    return { session, id: user.id, name };
  }

  async function row(id: number) {
    const rows = await db().select().from(users).where(eq(users.id, id));
    return rows[0]!;
  }

  async function eventCount() {
    const [result] = await db().select({ n: count() }).from(stripeEvents);
    return result!.n;
  }

  async function create(session: string, payload: Record<string, unknown> = { isAnnual: false }) {
    return app().inject({
      method: 'POST',
      url: '/api/subscription/create',
      payload,
      ...as(session),
    });
  }

  /** Through the stand-in's hosted page, as a browser would: open it, press Pay, follow the redirect. */
  async function checkout(session: string, isAnnual = false) {
    const res = await create(session, { isAnnual });
    expect(res.statusCode, res.body).toBe(200);
    const { url, sessionId } = res.json<{ url: string; sessionId: string }>();
    const page = await fetch(url);
    const html = await page.text();
    expect(html).toContain(isAnnual ? 'Pay $36.00 per year' : 'Pay $10.00 per month');
    const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
    const paid = await fetch(new URL(action, url), { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(302);
    expect(paid.headers.get('location')).toBe(
      `http://localhost:3000/subscription-success?session_id=${sessionId}`,
    );
    await fake.settled();
    const subscriptionId = String(fake.session(sessionId)!.subscription);
    return { sessionId, subscriptionId };
  }

  function periodEnd(subscriptionId: string) {
    const sub = fake.subscription(subscriptionId)!;
    const item = (sub.items as { data: Array<{ current_period_end: number }> }).data[0]!;
    return new Date(item.current_period_end * 1000);
  }

  async function status(session: string) {
    const res = await app().inject({
      method: 'GET',
      url: '/api/subscription/status',
      ...as(session),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{
      plan: string;
      isSubscribed: boolean;
      expiryDate: string | null;
      renews: boolean;
      cancelAtPeriodEnd: boolean;
      stripeStatus: string | null;
      canCancel: boolean;
    }>();
  }

  it('says payments are configured', async () => {
    const res = await app().inject({ method: 'GET', url: '/api/subscription/config' });
    expect(res.json()).toEqual({ paymentsConfigured: true });
  });

  it('creates a subscription Checkout Session for the signed-in user at the right price', async () => {
    const buyer = await newUser();
    const res = await create(buyer.session, { isAnnual: true, email: 'ignored@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    const { url, sessionId } = res.json<{ url: string; sessionId: string }>();
    expect(url).toBe(`${fake.url}/checkout/${sessionId}`);
    const sent = fake.requests().find((r) => r.path === '/v1/checkout/sessions')!;
    expect(sent.method).toBe('POST');
    expect(sent.body).toMatchObject({
      mode: 'subscription',
      customer_email: `${buyer.name}@example.com`,
      client_reference_id: String(buyer.id),
      metadata: { userId: String(buyer.id), plan: 'annual' },
      subscription_data: { metadata: { userId: String(buyer.id), plan: 'annual' } },
      success_url: 'http://localhost:3000/subscription-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/subscription-cancel',
      line_items: [
        {
          quantity: '1',
          price_data: { currency: 'usd', unit_amount: '3600', recurring: { interval: 'year' } },
        },
      ],
    });
  });

  it('refuses visitors and a userId that is not the caller', async () => {
    const buyer = await newUser();
    const other = await newUser();
    const anonymous = await app().inject({
      method: 'POST',
      url: '/api/subscription/create',
      payload: { isAnnual: true },
    });
    expect(anonymous.statusCode).toBe(401);
    const forged = await create(buyer.session, { isAnnual: true, userId: other.id });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(BILLING_MESSAGES.notYourAccount);
  });

  it('checkout → pay on the hosted page → signed webhook → Premium until the period end', async () => {
    const buyer = await newUser();
    const { subscriptionId } = await checkout(buyer.session, false);
    expect(fake.deliveries().find((d) => d.type === 'checkout.session.completed')?.status).toBe(
      200,
    );
    const stored = await row(buyer.id);
    expect(stored.stripeSubscriptionId).toBe(subscriptionId);
    expect(stored.stripeCustomerId).toMatch(/^cus_/);
    expect(stored.subscriptionStatus).toBe('active');
    expect(stored.subscriptionExpiryDate?.toISOString()).toBe('2026-04-01T10:00:00.000Z');
    expect(stored.subscriptionExpiryDate?.getTime()).toBe(periodEnd(subscriptionId).getTime());
    expect(await status(buyer.session)).toEqual({
      plan: 'Premium',
      isSubscribed: true,
      expiryDate: '2026-04-01T10:00:00.000Z',
      renews: true,
      cancelAtPeriodEnd: false,
      stripeStatus: 'active',
      canCancel: true,
    });
    // The rest of the app sees Premium too.
    const me = await app().inject({ method: 'GET', url: '/api/user', ...as(buyer.session) });
    expect(me.json()).toMatchObject({ isSubscribed: true });
    // A second checkout while subscribed is refused.
    const again = await create(buyer.session);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BILLING_MESSAGES.alreadySubscribed);
  });

  it('verify: the owner gets the subscription (idempotently), another user 403, unpaid 402', async () => {
    const buyer = await newUser();
    const other = await newUser();
    const { sessionId } = await checkout(buyer.session, true);
    const verify = (session: string, id = sessionId) =>
      app().inject({
        method: 'GET',
        url: `/api/subscription/verify?session_id=${encodeURIComponent(id)}`,
        ...as(session),
      });
    const first = await verify(buyer.session);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      status: 'active',
      startDate: '2026-03-01T10:00:00.000Z',
      expiryDate: '2027-03-01T10:00:00.000Z',
      userId: buyer.id,
      plan: 'annual',
    });
    const second = await verify(buyer.session);
    expect(second.json()).toEqual(first.json());
    expect((await row(buyer.id)).subscriptionExpiryDate?.toISOString()).toBe(
      '2027-03-01T10:00:00.000Z',
    );

    const stolen = await verify(other.session);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().message).toBe(BILLING_MESSAGES.sessionNotYours);
    expect((await row(other.id)).subscriptionExpiryDate).toBeNull();

    const unpaid = await create(other.session, { isAnnual: false });
    const unpaidRes = await verify(other.session, unpaid.json<{ sessionId: string }>().sessionId);
    expect(unpaidRes.statusCode).toBe(402);
    expect(unpaidRes.json().message).toBe(BILLING_MESSAGES.notPaid);

    const unknown = await verify(other.session, 'cs_test_doesnotexist');
    expect(unknown.statusCode).toBe(404);
    const missing = await app().inject({
      method: 'GET',
      url: '/api/subscription/verify',
      ...as(other.session),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('No session ID found in URL');
    const anonymous = await app().inject({
      method: 'GET',
      url: `/api/subscription/verify?session_id=${sessionId}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('verify alone activates Premium when the webhook never arrived', async () => {
    const buyer = await newUser();
    fake.setWebhookUrl('http://127.0.0.1:9/unreachable');
    let sessionId: string;
    try {
      ({ sessionId } = await checkout(buyer.session, false));
    } finally {
      fake.setWebhookUrl(`${origin}/api/stripe/webhook`);
    }
    expect((await row(buyer.id)).subscriptionExpiryDate).toBeNull();
    const res = await app().inject({
      method: 'GET',
      url: `/api/subscription/verify?session_id=${sessionId}`,
      ...as(buyer.session),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'active', plan: 'monthly', userId: buyer.id });
    expect((await row(buyer.id)).subscriptionStatus).toBe('active');
  });

  it('a replayed event is acknowledged and changes nothing', async () => {
    const buyer = await newUser();
    const { subscriptionId } = await checkout(buyer.session, false);
    const renewal = await fake.renew(subscriptionId);
    expect(renewal.status).toBe(200);
    const afterRenewal = await row(buyer.id);
    expect(afterRenewal.subscriptionExpiryDate?.toISOString()).toBe('2026-05-01T10:00:00.000Z');
    const events = await eventCount();

    // Stripe changes its mind meanwhile (here: the payment later fails); the old renewal event
    // arriving again must not undo that.
    await fake.paymentFailed(subscriptionId);
    const before = await row(buyer.id);
    expect(before.subscriptionStatus).toBe('past_due');
    const replay = await fake.resend(renewal.eventId);
    expect(replay.status).toBe(200);
    expect(await eventCount()).toBe(events + 1);
    const after = await row(buyer.id);
    expect(after.subscriptionStatus).toBe('past_due');
    expect(after.subscriptionExpiryDate?.toISOString()).toBe(
      before.subscriptionExpiryDate?.toISOString(),
    );
    expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime());
  });

  it('refuses a forged or missing signature with 400 and records nothing', async () => {
    const buyer = await newUser();
    const events = await eventCount();
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          object: 'checkout.session',
          id: 'cs_forged',
          status: 'complete',
          payment_status: 'paid',
          client_reference_id: String(buyer.id),
          subscription: 'sub_forged',
        },
      },
    });
    const forged = await fake.sendRaw(payload, 'whsec_someone_else');
    expect(forged.status).toBe(400);
    const unsigned = await fetch(`${origin}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload,
    });
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toEqual({
      message: 'Missing Stripe-Signature header',
      code: 'WEBHOOK_REJECTED',
    });
    // Signed correctly but the body changed on the way.
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await app().inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload: payload.replace('cs_forged', 'cs_forgeD'),
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toBe('The webhook signature could not be verified.');
    expect(await eventCount()).toBe(events);
    expect((await row(buyer.id)).subscriptionExpiryDate).toBeNull();
  });

  it('acknowledges events for unknown users and event types it does not handle', async () => {
    const payload = JSON.stringify({
      id: `evt_unknown_${n}`,
      object: 'event',
      type: 'customer.created',
      data: { object: { object: 'customer', id: 'cus_x' } },
    });
    expect((await fake.sendRaw(payload)).status).toBe(200);
    const orphan = JSON.stringify({
      id: `evt_orphan_${n}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          object: 'checkout.session',
          id: 'cs_orphan',
          status: 'complete',
          payment_status: 'paid',
          client_reference_id: '999999',
          subscription: null,
        },
      },
    });
    expect((await fake.sendRaw(orphan)).status).toBe(200);
  });

  it('payment failure: past_due, still Premium until the expiry, then Free', async () => {
    const buyer = await newUser();
    const { subscriptionId } = await checkout(buyer.session, false);
    const delivery = await fake.paymentFailed(subscriptionId);
    expect(delivery.status).toBe(200);
    const stored = await row(buyer.id);
    expect(stored.subscriptionStatus).toBe('past_due');
    expect(stored.subscriptionExpiryDate?.toISOString()).toBe('2026-04-01T10:00:00.000Z');
    expect(await status(buyer.session)).toMatchObject({
      plan: 'Premium',
      stripeStatus: 'past_due',
      expiryDate: '2026-04-01T10:00:00.000Z',
    });

    clock.advance(31 * DAY + 1);
    try {
      const relogin = await login(app(), buyer.name, `${buyer.name}-password`);
      const session = relogin.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
      expect(await status(session)).toMatchObject({
        plan: 'Free',
        isSubscribed: false,
        expiryDate: null,
        canCancel: false,
      });
      const me = await app().inject({ method: 'GET', url: '/api/user', ...as(session) });
      expect(me.json()).toMatchObject({ isSubscribed: false, subscriptionExpiryDate: null });
    } finally {
      clock.advance(-(31 * DAY + 1));
    }
  });

  it('subscription deleted at Stripe: Free at once', async () => {
    const buyer = await newUser();
    const { subscriptionId } = await checkout(buyer.session, true);
    expect((await status(buyer.session)).plan).toBe('Premium');
    expect((await fake.deleteSubscription(subscriptionId)).status).toBe(200);
    const stored = await row(buyer.id);
    expect(stored.subscriptionStatus).toBe('canceled');
    expect(stored.subscriptionExpiryDate!.getTime()).toBeLessThanOrEqual(clock.now().getTime());
    expect(await status(buyer.session)).toMatchObject({ plan: 'Free', isSubscribed: false });
  });

  it('an old subscription ending never ends the newer one', async () => {
    const buyer = await newUser();
    const first = await checkout(buyer.session, false);
    await fake.deleteSubscription(first.subscriptionId);
    expect((await status(buyer.session)).plan).toBe('Free');
    const second = await checkout(buyer.session, true);
    expect((await row(buyer.id)).stripeSubscriptionId).toBe(second.subscriptionId);
    // Stripe tells us again (a new event, not a replay) that the first one is gone.
    expect((await fake.deleteSubscription(first.subscriptionId)).status).toBe(200);
    const stored = await row(buyer.id);
    expect(stored.stripeSubscriptionId).toBe(second.subscriptionId);
    expect(stored.subscriptionStatus).toBe('active');
    expect(stored.subscriptionExpiryDate?.toISOString()).toBe('2027-03-01T10:00:00.000Z');
  });

  it('cancel: cancel_at_period_end at Stripe, endDate = expiry, Premium until then', async () => {
    const buyer = await newUser();
    const { subscriptionId } = await checkout(buyer.session, false);
    const cancel = () =>
      app().inject({
        method: 'POST',
        url: '/api/subscription/cancel',
        payload: {},
        ...as(buyer.session),
      });
    const res = await cancel();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      endDate: '2026-04-01T10:00:00.000Z',
      message: BILLING_MESSAGES.cancelled,
    });
    await fake.settled();
    expect(fake.subscription(subscriptionId)!.cancel_at_period_end).toBe(true);
    expect(
      fake
        .requests()
        .some(
          (r) =>
            r.method === 'POST' &&
            r.path === `/v1/subscriptions/${subscriptionId}` &&
            r.body.cancel_at_period_end === 'true',
        ),
    ).toBe(true);
    expect(await status(buyer.session)).toEqual({
      plan: 'Premium',
      isSubscribed: true,
      expiryDate: '2026-04-01T10:00:00.000Z',
      renews: false,
      cancelAtPeriodEnd: true,
      stripeStatus: 'active',
      canCancel: false,
    });
    // Asking again answers the same.
    expect((await cancel()).json()).toEqual(res.json());
    // A userId that is not the caller's.
    const other = await newUser();
    const forged = await app().inject({
      method: 'POST',
      url: '/api/subscription/cancel',
      payload: { userId: other.id },
      ...as(buyer.session),
    });
    expect(forged.statusCode).toBe(403);
  });

  it('Premium from an administrator grant cannot be cancelled', async () => {
    const granted = await newUser();
    const adminLogin = await login(app(), 'admin', 'test-admin-password');
    const adminSession = adminLogin.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    const grant = await app().inject({
      method: 'POST',
      url: '/api/admin/grant-subscription',
      payload: { userId: granted.id, months: 1 },
      ...as(adminSession),
    });
    expect(grant.statusCode, grant.body).toBe(200);
    const res = await app().inject({
      method: 'POST',
      url: '/api/subscription/cancel',
      ...as(granted.session),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This Premium has no renewing subscription to cancel; it ends on 2026-04-01.',
    );
    expect(await status(granted.session)).toMatchObject({
      plan: 'Premium',
      renews: false,
      canCancel: false,
      stripeStatus: null,
    });
    const free = await newUser();
    const none = await app().inject({
      method: 'POST',
      url: '/api/subscription/cancel',
      ...as(free.session),
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(BILLING_MESSAGES.nothingToCancel);
  });

  it('cancelStripeSubscriptionNow ends the subscription at Stripe (and is a no-op without one)', async () => {
    const { createBillingService } = await import('./billing.service.ts');
    const { createBillingRepository } = await import('./billing.repository.ts');
    const { createStripeGateway } = await import('./stripe-client.ts');
    const billing = createBillingService({
      repo: createBillingRepository(db()),
      stripe: await createStripeGateway(testApp.config),
      publicUrl: testApp.config.PUBLIC_URL,
      clock: clock.now,
    });
    const buyer = await newUser();
    const { subscriptionId } = await checkout(buyer.session, false);
    await billing.cancelStripeSubscriptionNow(buyer.id);
    await fake.settled();
    expect(fake.subscription(subscriptionId)!.status).toBe('canceled');
    expect((await row(buyer.id)).subscriptionStatus).toBe('canceled');
    expect(await status(buyer.session)).toMatchObject({ plan: 'Free' });
    // Again, and for a user who never subscribed: nothing to do, no error.
    await billing.cancelStripeSubscriptionNow(buyer.id);
    const free = await newUser();
    await billing.cancelStripeSubscriptionNow(free.id);
    await billing.cancelStripeSubscriptionNow(2_000_000_000);
  });

  it('deleting the account (Delete my account) cancels its Stripe subscription at once', async () => {
    const buyer = await newUser();
    const { subscriptionId } = await checkout(buyer.session, true);
    const res = await app().inject({
      method: 'DELETE',
      url: '/api/user',
      payload: { password: `${buyer.name}-password` },
      ...as(buyer.session),
    });
    expect(res.statusCode, res.body).toBe(204);
    await fake.settled();
    expect(fake.subscription(subscriptionId)!.status).toBe('canceled');
    expect(await db().select().from(users).where(eq(users.id, buyer.id))).toEqual([]);
  });
});

describe.each(databaseTargets)('billing without Stripe keys on %s', (target) => {
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    testApp = await createTestApp(target);
  });
  afterAll(() => testApp.close());

  it('says payments are off, and create/verify answer the clear 409', async () => {
    const app = testApp.app;
    const config = await app.inject({ method: 'GET', url: '/api/subscription/config' });
    expect(config.json()).toEqual({ paymentsConfigured: false });
    const { session } = await register(app, 'nokeys');
    const create = await app.inject({
      method: 'POST',
      url: '/api/subscription/create',
      payload: { isAnnual: true },
      cookies: { [SESSION_COOKIE]: session },
    });
    expect(create.statusCode).toBe(409);
    expect(create.json()).toEqual({
      message: PAYMENTS_NOT_CONFIGURED_MESSAGE,
      code: 'PAYMENTS_NOT_CONFIGURED',
    });
    const verify = await app.inject({
      method: 'GET',
      url: '/api/subscription/verify?session_id=cs_test_x',
      cookies: { [SESSION_COOKIE]: session },
    });
    expect(verify.statusCode).toBe(409);
    const webhook = await app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(webhook.statusCode).toBe(400);
    expect(webhook.json()).toEqual({
      message: 'Webhooks are not configured',
      code: 'WEBHOOK_REJECTED',
    });
  });
});
