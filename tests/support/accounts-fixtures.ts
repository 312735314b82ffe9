import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { App } from '#server/app.ts';
import { decodeQuotedPrintable, startSmtpFake } from '#tests/fakes/smtp-fake.ts';
import { createTestApp, type DatabaseTarget } from '#tests/support/test-app.ts';

export const SESSION_COOKIE = 'wl_session';

/** A clock the test moves by hand. */
export function manualClock(start = new Date('2026-03-01T10:00:00Z')) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

export const MINUTE = 60 * 1000;
export const DAY = 24 * 60 * MINUTE;

export function sessionCookieOf(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === SESSION_COOKIE);
}

/** The signed session cookie value set by a response (fails the test when there is none). */
export function sessionOf(res: LightMyRequestResponse): string {
  const cookie = sessionCookieOf(res);
  expect(cookie?.value, 'a session cookie is set').toBeTruthy();
  return cookie!.value;
}

let signUpAddresses = 0;

/**
 * Signs up from an address of its own (unless `ip` is given), so the per-address sign-up limit
 * stays out of tests about something else.
 */
export async function register(
  app: App,
  username: string,
  options: { email?: string; password?: string; ip?: string } = {},
) {
  signUpAddresses++;
  const ip =
    options.ip ??
    `10.200.${Math.floor(signUpAddresses / 250) % 250}.${(signUpAddresses % 250) + 1}`;
  const password = options.password ?? `${username}-password`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/register',
    remoteAddress: ip,
    payload: {
      username,
      email: options.email ?? `${username.toLowerCase()}@example.com`,
      password,
      confirmPassword: password,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { res, session: sessionOf(res), user: res.json<{ id: number; username: string }>() };
}

export async function login(
  app: App,
  username: string,
  password: string,
  extra: { cookie?: string; ip?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { username, password },
    ...(extra.ip ? { remoteAddress: extra.ip } : {}),
    ...(extra.cookie ? { cookies: { [SESSION_COOKIE]: extra.cookie } } : {}),
  });
}

export async function whoAmI(app: App, session: string | undefined) {
  return app.inject({
    method: 'GET',
    url: '/api/user',
    ...(session ? { cookies: { [SESSION_COOKIE]: session } } : {}),
  });
}

/** Waits until `check` returns a value (background email delivery). */
export async function eventually<T>(
  check: () => Promise<T | undefined> | T | undefined,
  ms = 5000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The link to `page` (e.g. '/reset-password') in a raw email as the SMTP stand-in received it. */
export function linkIn(raw: string, page: string): string {
  const text = decodeQuotedPrintable(raw);
  const match = new RegExp(`https?://[^\\s"<]+${page}\\?token=[\\w-]+`).exec(text);
  expect(match, `the email contains a ${page} link`).not.toBeNull();
  return match![0];
}

/** The site address in the emailed links of `appWithMailbox`. */
export const MAIL_PUBLIC_URL = 'http://logos.test:8080';

/**
 * The app on a fresh database whose emails go to an SMTP stand-in, for the suite that calls it:
 * started before its tests, closed after them. `env` adds to or overrides the mail settings.
 */
export function appWithMailbox(
  target: DatabaseTarget,
  {
    env = {},
    ...options
  }: { env?: Record<string, string | undefined> } & Parameters<typeof createTestApp>[2] = {},
) {
  let smtp: Awaited<ReturnType<typeof startSmtpFake>> | undefined;
  let testApp: Awaited<ReturnType<typeof createTestApp>> | undefined;
  beforeAll(async () => {
    smtp = await startSmtpFake();
    testApp = await createTestApp(
      target,
      { SMTP_URL: smtp.url, PUBLIC_URL: MAIL_PUBLIC_URL, ...env },
      options,
    );
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });
  return {
    app: () => testApp!.app,
    /** Every email the stand-in has received so far. */
    mails: () => smtp!.messages(),
  };
}
