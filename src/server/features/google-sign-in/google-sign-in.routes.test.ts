import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcFake, type IdTokenClaims, type OidcFake } from '#tests/fakes/oidc-fake.ts';
import { decodeQuotedPrintable, startSmtpFake } from '#tests/fakes/smtp-fake.ts';
import { createTestApp, databaseTargets } from '#tests/support/test-app.ts';
import { eventually } from '#tests/support/accounts-fixtures.ts';
import { usernameBase } from '../accounts/accounts.service.ts';
import { DEFAULT_REDIRECT, safeRedirect } from './google-sign-in.routes.ts';

const CLIENT_ID = 'wikilogos-test-client';

describe('safeRedirect', () => {
  it('keeps same-site paths and replaces everything else with the default', () => {
    expect(safeRedirect('/logos?q=github')).toBe('/logos?q=github');
    for (const bad of [
      undefined,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil',
      '/\t/evil.example',
      'x',
    ]) {
      expect(safeRedirect(bad)).toBe(DEFAULT_REDIRECT);
    }
  });
});

describe('usernameBase', () => {
  it('cleans the name, or else the email local part, to 3-30 allowed characters', () => {
    expect(usernameBase({ sub: '1', email: 'x@example.com', name: 'Zoë Smith!' })).toBe(
      'Zoe_Smith',
    );
    expect(usernameBase({ sub: '1', email: 'j.doe+logos@example.com' })).toBe('jdoelogos');
    expect(usernameBase({ sub: '1', email: 'a@example.com', name: '李' })).toBe('auser');
    expect(usernameBase({ sub: '1', email: 'a@example.com', name: 'x'.repeat(40) })).toHaveLength(
      30,
    );
  });
});

describe.each(databaseTargets)(
  'Google sign-in (OpenID Connect) against a local provider on %s',
  (target) => {
    let fake: OidcFake;
    let smtp: Awaited<ReturnType<typeof startSmtpFake>>;
    let testApp: Awaited<ReturnType<typeof createTestApp>>;
    let n = 0;

    beforeAll(async () => {
      fake = await startOidcFake();
      smtp = await startSmtpFake();
      testApp = await createTestApp(target, {
        SMTP_URL: smtp.url,
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_CLIENT_SECRET: 'test-client-secret',
        OIDC_ISSUER: fake.issuerUrl,
        PUBLIC_URL: 'http://localhost:3000',
      });
    });
    afterAll(async () => {
      await testApp?.close();
      await fake?.close();
      await smtp?.close();
    });

    const inject = (url: string, cookies: Record<string, string> = {}) =>
      testApp.app.inject({ method: 'GET', url, cookies, remoteAddress: `10.1.0.${++n % 250}` });

    async function start(redirect?: string) {
      const res = await inject(
        `/api/auth/google/start${redirect === undefined ? '' : `?redirect=${encodeURIComponent(redirect)}`}`,
      );
      expect(res.statusCode).toBe(302);
      const authorizeUrl = new URL(res.headers.location!);
      const cookie = res.cookies.find((c) => c.name === 'wl_oidc');
      expect(cookie).toBeDefined();
      return { authorizeUrl, res, cookie: cookie!.value };
    }

    /** The provider approves at once; returns the callback address it sends the browser to. */
    async function approve(authorizeUrl: URL): Promise<URL> {
      const res = await fetch(authorizeUrl, { redirect: 'manual' });
      expect(res.status).toBe(302);
      return new URL(res.headers.get('location')!);
    }

    async function signIn(
      claims: IdTokenClaims,
      options: { redirect?: string; forge?: boolean; tamper?: (callback: URL) => void } = {},
    ): Promise<LightMyRequestResponse> {
      const { authorizeUrl, cookie } = await start(options.redirect);
      if (options.forge) {
        await fake.forgeNextIdToken({
          aud: CLIENT_ID,
          nonce: authorizeUrl.searchParams.get('nonce'),
          ...claims,
        });
      } else {
        fake.setNextIdTokenClaims(claims);
      }
      const callback = await approve(authorizeUrl);
      options.tamper?.(callback);
      return inject(`${callback.pathname}${callback.search}`, { wl_oidc: cookie });
    }

    const session = (res: LightMyRequestResponse) =>
      res.cookies.find((c) => c.name === 'wl_session' && c.value !== '')?.value;

    async function currentUser(sessionId: string | undefined) {
      expect(sessionId, 'a session cookie').toBeDefined();
      const res = await inject('/api/user', { wl_session: sessionId! });
      expect(res.statusCode).toBe(200);
      return res.json<{ id: number; username: string; email: string | null }>();
    }

    /** After a Google sign-in the browser goes through /auth (which says so) on to `target`. */
    const signedInTo = (target: string) =>
      `/auth?signed-in=google&redirect=${encodeURIComponent(target)}`;

    function expectRefused(res: LightMyRequestResponse, error = 'google-failed') {
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/auth?error=${error}`);
      expect(session(res), 'no session').toBeUndefined();
    }

    const person = (name: string, extra: IdTokenClaims = {}): IdTokenClaims => ({
      sub: `google-${name}-${++n}`,
      email: `${name.toLowerCase()}@example.com`,
      email_verified: true,
      name,
      ...extra,
    });

    it('reports that it is enabled', async () => {
      const res = await inject('/api/auth/google/status');
      expect(res.json()).toEqual({ enabled: true });
    });

    it('starts with PKCE S256, state and nonce, kept in a short-lived signed httpOnly cookie', async () => {
      const { authorizeUrl, res } = await start('/logos');
      expect(authorizeUrl.origin + '/').toBe(new URL('/', fake.issuerUrl).href);
      const params = authorizeUrl.searchParams;
      expect(params.get('client_id')).toBe(CLIENT_ID);
      expect(params.get('response_type')).toBe('code');
      expect(params.get('redirect_uri')).toBe('http://localhost:3000/api/auth/google/callback');
      expect(params.get('scope')).toBe('openid email profile');
      expect(params.get('code_challenge_method')).toBe('S256');
      expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
      expect(params.get('state')).toBeTruthy();
      expect(params.get('nonce')).toBeTruthy();
      const cookie = res.cookies.find((c) => c.name === 'wl_oidc')!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', maxAge: 600 });
      // The verifier itself never leaves the server except inside the signed cookie.
      expect(authorizeUrl.href).not.toContain(cookie.value);
    });

    it('creates an account for a new person, signs them in and goes to the saved page', async () => {
      const claims = person('Grace Hopper', { email: 'grace@example.com' });
      const res = await signIn(claims, { redirect: '/logos?q=github' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(signedInTo('/logos?q=github'));
      const user = await currentUser(session(res));
      expect(user).toMatchObject({ username: 'Grace_Hopper', email: 'grace@example.com' });

      // The same Google account again: the same user, and the default destination.
      const again = await signIn({ ...claims, name: 'Someone Else' });
      expect(again.headers.location).toBe(signedInTo(DEFAULT_REDIRECT));
      expect((await currentUser(session(again))).id).toBe(user.id);

      // Another person with the same name gets a numbered username.
      const namesake = await signIn(person('Grace Hopper', { email: 'grace2@example.com' }));
      expect((await currentUser(session(namesake))).username).toBe('Grace_Hopper2');
    });

    const register = async (username: string, email: string, password: string) => {
      const res = await testApp.app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: { username, email, password, confirmPassword: password },
        remoteAddress: `10.2.0.${++n % 250}`,
      });
      expect(res.statusCode, res.body).toBe(201);
      return { id: res.json<{ id: number }>().id, session: session(res)! };
    };
    const passwordLogin = (username: string, password: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { username, password },
        remoteAddress: `10.3.0.${++n % 250}`,
      });
    const linkCookie = (res: LightMyRequestResponse) =>
      res.cookies.find((c) => c.name === 'wl_glink' && c.value !== '')?.value;
    const linkWithPassword = (cookie: string | undefined, password: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/google/link',
        payload: { password },
        cookies: cookie ? { wl_glink: cookie } : {},
        remoteAddress: `10.4.0.${++n % 250}`,
      });
    async function verifyEmailOf(address: string) {
      const mail = await eventually(() =>
        smtp
          .messages()
          .find(
            (m) =>
              m.to.some((to) => to.toLowerCase() === address.toLowerCase()) &&
              /^Subject: Verify/m.test(m.raw),
          ),
      );
      const token = /verify-email\?token=([\w-]+)/.exec(decodeQuotedPrintable(mail.raw))![1]!;
      const res = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token },
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    it("does not hand the real owner's Google identity to an account someone else registered with their email", async () => {
      // The attacker signs up first with the victim's address and a password of their own.
      const attacker = await register('mallory', 'victim@example.com', 'attacker-password');
      const victim = person('Victim', { email: 'victim@example.com' });

      // The real owner continues with Google: nothing is linked, nobody is signed in, and the
      // browser is told that the account needs its password (or a verified email) first.
      const res = await signIn(victim);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/auth?link=google');
      expect(session(res), 'no session').toBeUndefined();
      expect(linkCookie(res), 'a pending link is kept').toBeDefined();
      const pending = await inject('/api/auth/google/link', { wl_glink: linkCookie(res)! });
      expect(pending.json()).toEqual({ email: 'victim@example.com' });
      // Guessing is not the attacker's problem; the owner does not know the attacker's password.
      const wrong = await linkWithPassword(linkCookie(res), 'victims-guess');
      expect(wrong.statusCode).toBe(401);
      expect(session(wrong)).toBeUndefined();

      // The attacker's session and password still lead to the attacker's own, unlinked account:
      // Google sign-in with the victim's identity never lands in it.
      expect((await currentUser(attacker.session)).id).toBe(attacker.id);
      const attackerAgain = await passwordLogin('mallory', 'attacker-password');
      expect(attackerAgain.json()).toMatchObject({ id: attacker.id, emailVerified: false });
      const later = await signIn(victim);
      expect(later.headers.location).toBe('/auth?link=google');
      expect(session(later)).toBeUndefined();
    });

    it('the real owner takes that account back through the reset email, and Google then links', async () => {
      const attacker = session(await passwordLogin('mallory', 'attacker-password'))!;
      const requested = await testApp.app.inject({
        method: 'POST',
        url: '/api/users/request-reset',
        payload: { email: 'victim@example.com' },
        remoteAddress: `10.5.0.${++n % 250}`,
      });
      expect(requested.statusCode).toBe(200);
      const mail = await eventually(() =>
        smtp
          .messages()
          .find((m) => m.to.includes('victim@example.com') && /^Subject: Reset/m.test(m.raw)),
      );
      const token = /reset-password\?token=([\w-]+)/.exec(decodeQuotedPrintable(mail.raw))![1]!;
      const reset = await testApp.app.inject({
        method: 'POST',
        url: '/api/users/reset-password',
        payload: { token, newPassword: 'owners-own-password' },
      });
      expect(reset.statusCode).toBe(200);
      // The attacker is out, and the password they chose no longer works.
      expect((await inject('/api/user', { wl_session: attacker })).json()).toBeNull();
      expect((await passwordLogin('mallory', 'attacker-password')).statusCode).toBe(401);

      // The reset proved the owner controls the address: Google now signs in to that account.
      const res = await signIn({
        sub: 'google-the-real-victim',
        email: 'victim@example.com',
        email_verified: true,
      });
      expect(res.headers.location).toBe(signedInTo(DEFAULT_REDIRECT));
      expect(await currentUser(session(res))).toMatchObject({ email: 'victim@example.com' });
    });

    it('links to a password account whose email was verified by its link, and ends its other sessions', async () => {
      const owner = await register('ada', 'Ada@Example.com', 'secret12');
      await verifyEmailOf('Ada@Example.com');
      const other = session(await passwordLogin('ada', 'secret12'))!;

      const claims = person('Ada', { email: 'ada@EXAMPLE.com' });
      const res = await signIn(claims);
      expect(res.headers.location).toBe(signedInTo(DEFAULT_REDIRECT));
      const user = await currentUser(session(res));
      expect(user.id).toBe(owner.id);
      // Every session that existed before the link has ended.
      for (const old of [owner.session, other]) {
        expect((await inject('/api/user', { wl_session: old })).json()).toBeNull();
      }
      // Linked by the subject from now on, even if the Google account's email changes.
      const later = await signIn({ ...claims, email: 'ada.new@example.com' });
      expect((await currentUser(session(later))).id).toBe(user.id);
      // The password still works.
      expect((await passwordLogin('ada', 'secret12')).statusCode).toBe(200);
    });

    it('links to an unverified password account once the person proves its password', async () => {
      const owner = await register('linus', 'linus@example.com', 'linus-password');
      const claims = person('Linus', { email: 'linus@example.com' });
      const res = await signIn(claims, { redirect: '/logos?q=linux' });
      expect(res.headers.location).toBe('/auth?link=google');
      const cookie = linkCookie(res);
      expect(res.cookies.find((c) => c.name === 'wl_glink')).toMatchObject({
        httpOnly: true,
        sameSite: 'Strict',
        maxAge: 600,
      });

      const linked = await linkWithPassword(cookie, 'linus-password');
      expect(linked.statusCode, linked.body).toBe(200);
      expect(linked.json()).toMatchObject({
        user: { id: owner.id, emailVerified: true },
        redirect: '/logos?q=linux',
      });
      expect((await currentUser(session(linked))).id).toBe(owner.id);
      // The proof is single use, and the sign-up session ended with the link.
      expect(linked.cookies.find((c) => c.name === 'wl_glink')?.value).toBe('');
      expect((await inject('/api/user', { wl_session: owner.session })).json()).toBeNull();

      // From now on Google signs in straight away.
      const again = await signIn(claims);
      expect(again.headers.location).toBe(signedInTo(DEFAULT_REDIRECT));
      expect((await currentUser(session(again))).id).toBe(owner.id);
    });

    it('refuses an email that belongs to an account linked to another Google account', async () => {
      expectRefused(
        await signIn(person('Ada', { email: 'ada@example.com' })),
        'google-email-in-use',
      );
    });

    it('explains that the Google step has to be done again when the link state is missing or altered', async () => {
      const expired = {
        message: 'Your Google sign-in has expired. Please choose Continue with Google again.',
        code: 'INVALID_LINK',
      };
      const none = await linkWithPassword(undefined, 'whatever1');
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual(expired);
      expect((await linkWithPassword('x.y', 'whatever1')).json()).toEqual(expired);
      const pending = await inject('/api/auth/google/link');
      expect(pending.statusCode).toBe(404);
      expect(pending.json()).toEqual(expired);
    });

    it('refuses an unverified email (and does not link it to the matching account)', async () => {
      expectRefused(
        await signIn(person('Ada', { email_verified: false })),
        'google-email-unverified',
      );
      expectRefused(
        await signIn(person('Nobody', { email_verified: undefined })),
        'google-email-unverified',
      );
    });

    it('refuses an ID token for another audience', async () => {
      expectRefused(await signIn(person('Mallory', { aud: 'another-client' })));
    });

    it('refuses an expired ID token', async () => {
      const past = Math.floor(Date.now() / 1000) - 3600;
      expectRefused(await signIn(person('Mallory', { iat: past - 3600, exp: past })));
    });

    it('refuses an ID token whose nonce is not the one this browser was given', async () => {
      expectRefused(await signIn(person('Mallory', { nonce: 'someone-elses-nonce' })));
    });

    it('refuses a callback whose state does not match the cookie', async () => {
      expectRefused(
        await signIn(person('Mallory'), {
          tamper: (callback) => callback.searchParams.set('state', 'forged-state'),
        }),
        'google-expired',
      );
    });

    it('refuses an ID token signed with a key the provider does not publish', async () => {
      expectRefused(await signIn(person('Mallory'), { forge: true }));
    });

    it('refuses a callback without the state cookie or with an altered one', async () => {
      const { authorizeUrl, cookie } = await start();
      const callback = await approve(authorizeUrl);
      const url = `${callback.pathname}${callback.search}`;
      expectRefused(await inject(url), 'google-expired');
      expectRefused(await inject(url, { wl_oidc: `x${cookie}` }), 'google-expired');
    });

    it('says the person cancelled when the provider answers access_denied', async () => {
      const { cookie } = await start();
      expectRefused(
        await inject('/api/auth/google/callback?error=access_denied&state=x', { wl_oidc: cookie }),
        'google-cancelled',
      );
    });

    it('never sends the browser to another site after signing in', async () => {
      const res = await signIn(person('Redirected'), { redirect: '//evil.example/steal' });
      expect(res.headers.location).toBe(signedInTo(DEFAULT_REDIRECT));
      expect(session(res)).toBeDefined();
    });
  },
);

describe('Google sign-in when it cannot work', () => {
  it('is disabled without a client id and secret', async () => {
    const testApp = await createTestApp('pglite');
    try {
      const status = await testApp.app.inject({ url: '/api/auth/google/status' });
      expect(status.json()).toEqual({ enabled: false });
      const res = await testApp.app.inject({ url: '/api/auth/google/start?redirect=/logos' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/auth?error=google-not-configured');
    } finally {
      await testApp.close();
    }
  });

  it('sends the browser back to /auth when the provider cannot be discovered', async () => {
    const fake = await startOidcFake();
    const issuer = fake.issuerUrl;
    await fake.close();
    const testApp = await createTestApp('pglite', {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'test-client-secret',
      OIDC_ISSUER: issuer,
    });
    try {
      const res = await testApp.app.inject({ url: '/api/auth/google/start' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/auth?error=google-failed');
    } finally {
      await testApp.close();
    }
  });
});
