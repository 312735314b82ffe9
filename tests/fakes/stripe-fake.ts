import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/*
 * A local stand-in for the few Stripe endpoints WikiLogos uses, spoken the way the official SDK
 * speaks them (form-encoded bodies, Stripe-shaped JSON and errors), plus a hosted checkout page
 * and signed webhooks. See tests/fakes/README.md.
 */

type Json = Record<string, unknown>;
type Interval = 'month' | 'year';

export type StripeFakeRequest = { method: string; path: string; query: Json; body: Json };
export type StripeFakeDelivery = {
  eventId: string;
  type: string;
  status: number | null;
  error?: string;
};

export type StripeFakeOptions = {
  port?: number;
  /** Where signed events are POSTed; may be set later with setWebhookUrl. */
  webhookUrl?: string;
  webhookSecret?: string;
  /** Price ids the fake knows (STRIPE_PRICE_MONTHLY/ANNUAL); inline price_data always works. */
  prices?: Record<string, { unitAmount: number; interval: Interval }>;
  /** 'items' (API ≥ 2025-03, the default) or 'subscription' (older versions) for current_period_end. */
  periodEndOn?: 'items' | 'subscription';
  /** The fake's notion of now (periods are computed from it). */
  now?: () => Date;
};

export type StripeFake = {
  /** http://127.0.0.1:<port>: use as STRIPE_API_URL. */
  url: string;
  setWebhookUrl: (url: string) => void;
  requests: () => StripeFakeRequest[];
  deliveries: () => StripeFakeDelivery[];
  /** Every event sent, newest last. */
  events: () => Json[];
  session: (id: string) => Json | undefined;
  subscription: (id: string) => Json | undefined;
  /** As the hosted page's Pay button: completes the session and sends checkout.session.completed. */
  pay: (sessionId: string) => Promise<{ redirect: string }>;
  paymentFailed: (subscriptionId: string) => Promise<StripeFakeDelivery>;
  renew: (subscriptionId: string) => Promise<StripeFakeDelivery>;
  deleteSubscription: (subscriptionId: string) => Promise<StripeFakeDelivery>;
  /** Sends an event again, same id and body, freshly signed. */
  resend: (eventId: string) => Promise<StripeFakeDelivery>;
  /** Waits for the webhook deliveries in flight (those sent after an API call). */
  settled: () => Promise<void>;
  /** Signs and sends any payload (forged ones too). */
  sendRaw: (payload: string, signatureSecret?: string) => Promise<StripeFakeDelivery>;
  reset: () => void;
  close: () => Promise<void>;
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

function addInterval(date: Date, interval: Interval): Date {
  const next = new Date(date);
  if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/** a[b][0][c]=v (and expand[]=x) → nested objects and arrays, as Stripe decodes them. */
function decodeStripeForm(text: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      const key = part === '' ? String(Object.keys(node).length) : part;
      if (i === parts.length - 1) node[key] = value;
      else node = (node[key] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj);
    const fixed = Object.fromEntries(keys.map((k) => [k, arrays(obj[k])]));
    return keys.length > 0 && keys.every((k, i) => k === String(i))
      ? keys.map((k) => fixed[k])
      : fixed;
  };
  return arrays(root) as Json;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

class StripeApiError extends Error {
  status: number;
  body: Json;
  constructor(status: number, type: string, message: string, code?: string, param?: string) {
    super(message);
    this.status = status;
    this.body = {
      error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) },
    };
  }
}
const missing = (kind: string, value: string) =>
  new StripeApiError(
    404,
    'invalid_request_error',
    `No such ${kind}: '${value}'`,
    'resource_missing',
    'id',
  );

export async function startStripeFake(options: StripeFakeOptions = {}): Promise<StripeFake> {
  const now = options.now ?? (() => new Date());
  const secret = options.webhookSecret ?? 'whsec_fake';
  const prices = options.prices ?? {};
  let webhookUrl = options.webhookUrl ?? null;
  let base = '';

  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const log: StripeFakeRequest[] = [];
  const deliveries: StripeFakeDelivery[] = [];
  const sent: Json[] = [];
  const inFlight = new Set<Promise<unknown>>();

  function subscriptionView(sub: Json): Json {
    const item = (sub.items as { data: Json[] }).data[0]!;
    if (options.periodEndOn === 'subscription') {
      // Older API versions: the period on the subscription, not on its items.
      const { current_period_end, current_period_start, ...rest } = item;
      return {
        ...sub,
        current_period_end,
        current_period_start,
        items: { object: 'list', data: [rest] },
      };
    }
    return sub;
  }

  function sessionView(session: Json, expand: string[]): Json {
    const { _internal: _ignored, ...visible } = session;
    const subId = session.subscription as string | null;
    if (expand.includes('subscription') && subId) {
      return { ...visible, subscription: subscriptionView(subscriptions.get(subId)!) };
    }
    return visible;
  }

  async function deliver(payload: string, signWith = secret): Promise<StripeFakeDelivery> {
    const event = JSON.parse(payload) as Json;
    const record: StripeFakeDelivery = {
      eventId: String(event.id),
      type: String(event.type),
      status: null,
    };
    deliveries.push(record);
    if (!webhookUrl) {
      record.error = 'no webhook url';
      return record;
    }
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: signWith });
    try {
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
        },
        body: payload,
      });
      record.status = res.status;
      await res.arrayBuffer();
    } catch (error) {
      record.error = error instanceof Error ? error.message : String(error);
    }
    return record;
  }

  function sendEvent(type: string, object: Json): Promise<StripeFakeDelivery> {
    const delivery = sendEventNow(type, object);
    inFlight.add(delivery);
    void delivery.finally(() => inFlight.delete(delivery));
    return delivery;
  }

  function sendEventNow(type: string, object: Json): Promise<StripeFakeDelivery> {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: unix(now()),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    sent.push(event);
    return deliver(JSON.stringify(event));
  }

  function invoiceFor(sub: Json, status: 'paid' | 'open'): Json {
    const item = (sub.items as { data: Json[] }).data[0]!;
    const price = item.price as Json;
    return {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      status,
      amount_due: price.unit_amount,
      amount_paid: status === 'paid' ? price.unit_amount : 0,
      currency: 'usd',
      billing_reason: 'subscription_cycle',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
        quote_details: null,
      },
      lines: {
        object: 'list',
        data: [
          {
            id: id('il'),
            object: 'line_item',
            amount: price.unit_amount,
            period: { start: item.current_period_start, end: item.current_period_end },
            parent: {
              type: 'subscription_item_details',
              subscription_item_details: { subscription: sub.id, subscription_item: item.id },
            },
          },
        ],
      },
    };
  }

  function getSubscription(subId: string): Json {
    const sub = subscriptions.get(subId);
    if (!sub) throw missing('subscription', subId);
    return sub;
  }

  function createSession(body: Json): Json {
    if (body.mode !== 'subscription') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'The fake supports mode=subscription only.',
        'parameter_invalid_empty',
        'mode',
      );
    }
    for (const param of ['success_url', 'cancel_url']) {
      if (typeof body[param] !== 'string') {
        throw new StripeApiError(
          400,
          'invalid_request_error',
          `Missing required param: ${param}.`,
          'parameter_missing',
          param,
        );
      }
    }
    const line = (body.line_items as Json[] | undefined)?.[0];
    if (!line) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Missing required param: line_items.',
        'parameter_missing',
        'line_items',
      );
    }
    let price: { id: string; unitAmount: number; interval: Interval; name: string };
    if (typeof line.price === 'string') {
      const known = prices[line.price];
      if (!known) throw missing('price', line.price);
      price = { id: line.price, ...known, name: 'Subscription' };
    } else {
      const data = line.price_data as Json | undefined;
      const recurring = data?.recurring as Json | undefined;
      const interval = recurring?.interval;
      if (!data || (interval !== 'month' && interval !== 'year')) {
        throw new StripeApiError(
          400,
          'invalid_request_error',
          'line_items[0] needs a price or recurring price_data.',
          'parameter_missing',
          'line_items[0][price]',
        );
      }
      price = {
        id: id('price'),
        unitAmount: Number(data.unit_amount),
        interval,
        name: String((data.product_data as Json | undefined)?.name ?? 'Subscription'),
      };
    }
    if (body.customer !== undefined && !customers.has(String(body.customer))) {
      throw missing('customer', String(body.customer));
    }
    const sessionId = `cs_test_${randomBytes(16).toString('hex')}`;
    const session: Json = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      url: `${base}/checkout/${sessionId}`,
      client_reference_id: body.client_reference_id ?? null,
      customer: body.customer ?? null,
      customer_email: body.customer_email ?? null,
      customer_details: body.customer_email ? { email: body.customer_email } : null,
      metadata: body.metadata ?? {},
      amount_total: price.unitAmount * Number(line.quantity ?? 1),
      currency: 'usd',
      success_url: body.success_url,
      cancel_url: body.cancel_url,
      subscription: null,
      created: unix(now()),
      livemode: false,
      _internal: {
        price,
        subscriptionMetadata: (body.subscription_data as Json | undefined)?.metadata ?? {},
      },
    };
    sessions.set(sessionId, session);
    return sessionView(session, []);
  }

  async function pay(sessionId: string): Promise<{ redirect: string }> {
    const session = sessions.get(sessionId);
    if (!session) throw missing('checkout.session', sessionId);
    const redirect = String(session.success_url).replace('{CHECKOUT_SESSION_ID}', sessionId);
    if (session.status === 'complete') return { redirect };
    const internal = session._internal as {
      price: { id: string; unitAmount: number; interval: Interval; name: string };
      subscriptionMetadata: Json;
    };
    let customerId = session.customer as string | null;
    if (!customerId) {
      customerId = id('cus');
      customers.set(customerId, {
        id: customerId,
        object: 'customer',
        email: session.customer_email,
      });
    }
    const start = now();
    const subId = id('sub');
    const sub: Json = {
      id: subId,
      object: 'subscription',
      customer: customerId,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      start_date: unix(start),
      created: unix(start),
      metadata: internal.subscriptionMetadata,
      livemode: false,
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            current_period_start: unix(start),
            current_period_end: unix(addInterval(start, internal.price.interval)),
            quantity: 1,
            price: {
              id: internal.price.id,
              object: 'price',
              currency: 'usd',
              unit_amount: internal.price.unitAmount,
              recurring: { interval: internal.price.interval, interval_count: 1 },
              product: internal.price.name,
            },
          },
        ],
      },
    };
    subscriptions.set(subId, sub);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer: customerId,
      subscription: subId,
    });
    await sendEvent('checkout.session.completed', sessionView(session, []));
    return { redirect };
  }

  function checkoutPage(session: Json): string {
    const internal = session._internal as {
      price: { unitAmount: number; interval: Interval; name: string };
    };
    const amount = `$${(internal.price.unitAmount / 100).toFixed(2)} per ${internal.price.interval}`;
    const done = session.status === 'complete';
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout (Stripe test stand-in)</title></head>
<body><main>
<h1>${escapeHtml(`Pay ${amount}`)}</h1>
<p>${escapeHtml(internal.price.name)}. Test mode: no card is charged.</p>
${session.customer_email ? `<p>Email: ${escapeHtml(String(session.customer_email))}</p>` : ''}
${
  done
    ? `<p role="status">This checkout is already complete.</p>`
    : `<form method="post" action="/checkout/${escapeHtml(String(session.id))}/pay"><button type="submit">Pay</button></form>`
}
<p><a href="${escapeHtml(String(session.cancel_url))}">Cancel</a></p>
</main></body></html>`;
  }

  async function control(action: string, subId: string): Promise<StripeFakeDelivery> {
    const sub = getSubscription(subId);
    const item = (sub.items as { data: Json[] }).data[0]!;
    const interval = ((item.price as Json).recurring as Json).interval as Interval;
    switch (action) {
      case 'payment-failed':
        sub.status = 'past_due';
        return sendEvent('invoice.payment_failed', invoiceFor(sub, 'open'));
      case 'renew': {
        const end = new Date(Number(item.current_period_end) * 1000);
        item.current_period_start = unix(end);
        item.current_period_end = unix(addInterval(end, interval));
        sub.status = 'active';
        return sendEvent('invoice.paid', invoiceFor(sub, 'paid'));
      }
      case 'delete':
        cancelNow(sub);
        return sendEvent('customer.subscription.deleted', subscriptionView(sub));
      default:
        throw new StripeApiError(404, 'invalid_request_error', `Unknown control action ${action}`);
    }
  }

  function cancelNow(sub: Json) {
    sub.status = 'canceled';
    sub.canceled_at = unix(now());
    sub.ended_at = unix(now());
    sub.cancel_at_period_end = false;
  }

  async function api(
    method: string,
    path: string,
    query: Json,
    body: Json,
  ): Promise<[number, Json]> {
    let m: RegExpExecArray | null;
    const expand = ([] as unknown[]).concat(query.expand ?? body.expand ?? []).map(String);
    if (method === 'POST' && path === '/v1/customers') {
      const customerId = id('cus');
      const customer = {
        id: customerId,
        object: 'customer',
        email: body.email ?? null,
        metadata: body.metadata ?? {},
      };
      customers.set(customerId, customer);
      return [200, customer];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') return [200, createSession(body)];
    if (method === 'GET' && (m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      const session = sessions.get(decodeURIComponent(m[1]!));
      if (!session) throw missing('checkout.session', decodeURIComponent(m[1]!));
      return [200, sessionView(session, expand)];
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = getSubscription(decodeURIComponent(m[1]!));
      if (method === 'GET') return [200, subscriptionView(sub)];
      if (method === 'POST') {
        if (sub.status === 'canceled') {
          throw new StripeApiError(
            400,
            'invalid_request_error',
            'A canceled subscription can only update its cancellation_details and metadata.',
          );
        }
        if (body.cancel_at_period_end !== undefined) {
          sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
          const item = (sub.items as { data: Json[] }).data[0]!;
          sub.cancel_at = sub.cancel_at_period_end ? item.current_period_end : null;
        }
        if (body.metadata) sub.metadata = { ...(sub.metadata as Json), ...(body.metadata as Json) };
        const view = subscriptionView(sub);
        void sendEvent('customer.subscription.updated', view);
        return [200, view];
      }
      if (method === 'DELETE') {
        if (sub.status !== 'canceled') {
          cancelNow(sub);
          void sendEvent('customer.subscription.deleted', subscriptionView(sub));
        }
        return [200, subscriptionView(sub)];
      }
    }
    throw new StripeApiError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${path}).`,
    );
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        const method = req.method ?? 'GET';
        const path = url.pathname;
        const text = Buffer.concat(chunks).toString('utf8');
        const sendJson = (status: number, value: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
          res.end(JSON.stringify(value));
        };
        try {
          if (path === '/__health') {
            res.end('ok');
            return;
          }
          if (path === '/__requests')
            return sendJson(200, { requests: log, deliveries, events: sent });
          if (method === 'POST' && path === '/__control/reset') {
            reset();
            return sendJson(200, { ok: true });
          }
          let m: RegExpExecArray | null;
          if (
            method === 'POST' &&
            (m = /^\/__control\/subscriptions\/([^/]+)\/([a-z-]+)$/.exec(path))
          ) {
            return sendJson(200, await control(m[2]!, decodeURIComponent(m[1]!)));
          }
          if (method === 'POST' && (m = /^\/__control\/events\/([^/]+)\/resend$/.exec(path))) {
            return sendJson(200, await resend(decodeURIComponent(m[1]!)));
          }
          if ((m = /^\/checkout\/([^/]+)(\/pay)?$/.exec(path))) {
            const session = sessions.get(decodeURIComponent(m[1]!));
            if (!session) {
              res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
              res.end(
                '<!doctype html><html lang="en"><title>Not found</title><h1>Checkout session not found</h1></html>',
              );
              return;
            }
            if (m[2] && method === 'POST') {
              const { redirect } = await pay(String(session.id));
              res.writeHead(302, { location: redirect });
              res.end();
              return;
            }
            res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
            res.end(checkoutPage(session));
            return;
          }
          if (path.startsWith('/v1/')) {
            if (!/^Bearer (sk|rk)_/.test(req.headers.authorization ?? '')) {
              throw new StripeApiError(401, 'invalid_request_error', 'Invalid API Key provided.');
            }
            const query = decodeStripeForm(url.search.slice(1));
            const body = decodeStripeForm(text);
            log.push({ method, path, query, body });
            const [status, value] = await api(method, path, query, body);
            return sendJson(status, value);
          }
          throw new StripeApiError(
            404,
            'invalid_request_error',
            `Unrecognized request URL (${method}: ${path}).`,
          );
        } catch (error) {
          if (error instanceof StripeApiError) return sendJson(error.status, error.body);
          sendJson(500, { error: { type: 'api_error', message: String(error) } });
        }
      })();
    });
  });

  async function resend(eventId: string): Promise<StripeFakeDelivery> {
    const event = sent.find((e) => e.id === eventId);
    if (!event) throw missing('event', eventId);
    return deliver(JSON.stringify(event));
  }

  function reset() {
    sessions.clear();
    subscriptions.clear();
    customers.clear();
    log.length = 0;
    deliveries.length = 0;
    sent.length = 0;
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    requests: () => log,
    deliveries: () => deliveries,
    events: () => sent,
    session: (sessionId) => sessions.get(sessionId),
    subscription: (subId) => {
      const sub = subscriptions.get(subId);
      return sub && subscriptionView(sub);
    },
    pay,
    paymentFailed: (subId) => control('payment-failed', subId),
    renew: (subId) => control('renew', subId),
    deleteSubscription: (subId) => control('delete', subId),
    resend,
    settled: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    sendRaw: (payload, signatureSecret) => deliver(payload, signatureSecret),
    reset,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

// CLI for the browser journeys:
// node tests/fakes/stripe-fake.ts --port 12111 --webhook-url http://localhost:3000/api/stripe/webhook --webhook-secret whsec_e2e
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const fake = await startStripeFake({
    port: Number(arg('--port') ?? 0),
    ...(arg('--webhook-url') ? { webhookUrl: arg('--webhook-url') } : {}),
    ...(arg('--webhook-secret') ? { webhookSecret: arg('--webhook-secret') } : {}),
  });
  console.log(`stripe fake listening on ${fake.url}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
