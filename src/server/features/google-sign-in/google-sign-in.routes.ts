import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as client from 'openid-client';
import { z } from 'zod';
import type { Config } from '#server/config.ts';
import {
  MESSAGES,
  type AccountsService,
  type PendingGoogleLink,
} from '#server/features/accounts/accounts.service.ts';
import { HttpError } from '#server/http-error.ts';
import { cookieOptions, readSignedCookie } from '#server/lib/cookies.ts';
import {
  GoogleLinkBodySchema,
  GoogleLinkPendingSchema,
  GoogleLinkResponseSchema,
  GoogleStatusSchema,
} from '#shared/accounts/accounts.schemas.ts';
import { ApiErrorSchema, apiErrors } from '#shared/lib/api-error.ts';

const OIDC_COOKIE = 'wl_oidc';
const OIDC_COOKIE_PATH = '/api/auth/google';
/** A Google sign-in refused for an unverified email, waiting for the account's password. */
const LINK_COOKIE = 'wl_glink';
/** How long both cookies, the flow and the pending link, are accepted. */
const COOKIE_LIFETIME_MS = 10 * 60 * 1000;
export const DEFAULT_REDIRECT = '/dashboard?tab=subscription';

/** `?error=` on /auth after the redirect flow; the sign-in page words each (docs/product.md#google-sign-in-and-linking). */
type GoogleSignInError =
  | 'google-cancelled'
  | 'google-expired'
  | 'google-email-unverified'
  | 'google-failed'
  | 'google-not-configured'
  | 'google-email-in-use';

const CookieSchema = z.object({ redirect: z.string(), issuedAt: z.number() });

/** What the browser carries between /start and /callback, signed so it cannot be altered. */
const FlowCookieSchema = CookieSchema.extend({
  verifier: z.string().min(43),
  state: z.string().min(1),
  nonce: z.string().min(1),
});
type FlowCookie = z.infer<typeof FlowCookieSchema>;

/** The pending link, signed: the browser holds it but cannot point it at another account. */
const LinkCookieSchema = CookieSchema.extend({
  userId: z.number().int(),
  sub: z.string().min(1),
  email: z.string(),
});
type LinkCookie = z.infer<typeof LinkCookieSchema>;

/** A same-site path only: '/x' but never '//host', '/\host' or an absolute URL. */
export function safeRedirect(value: string | undefined): string {
  if (!value || value.length > 2000) return DEFAULT_REDIRECT;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return DEFAULT_REDIRECT;
  // Control characters and backslashes can be read as other hosts by some browsers.
  if ([...value].some((c) => c < ' ' || c === '\u007f' || c === '\\')) return DEFAULT_REDIRECT;
  return value;
}

/** Signed in: through /auth, which says so, on to the (already safe) target. */
export const signedInLocation = (target: string) =>
  `/auth?signed-in=google&redirect=${encodeURIComponent(target)}`;

function isLocalHttp(url: URL): boolean {
  return (
    url.protocol === 'http:' &&
    (url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]')
  );
}

type GoogleSignInOptions = {
  config: Config;
  accounts: AccountsService;
  /** Defaults to Date.now; tests may pass their own. */
  now?: () => number;
};

/**
 * "Continue with Google": OpenID Connect code flow with PKCE (S256), state and nonce. Identity
 * comes only from an ID token openid-client verified that says the email is verified.
 */
export function createGoogleSignInRoutes({
  config,
  accounts,
  now = Date.now,
}: GoogleSignInOptions): FastifyPluginAsyncZod {
  const clientId = config.GOOGLE_CLIENT_ID;
  const clientSecret = config.GOOGLE_CLIENT_SECRET;
  const enabled = Boolean(clientId && clientSecret);
  const issuerUrl = new URL(config.OIDC_ISSUER);
  const callbackUrl = `${config.PUBLIC_URL}/api/auth/google/callback`;
  const flowCookieOptions = cookieOptions(
    config.publicOrigin.startsWith('https:'),
    OIDC_COOKIE_PATH,
  );

  // Discovered on first use and cached; a failed discovery is retried on the next sign-in.
  let configuration: Promise<client.Configuration> | null = null;
  function getConfiguration(): Promise<client.Configuration> {
    if (!clientId || !clientSecret) throw new Error('Google sign-in is not configured');
    if (issuerUrl.protocol !== 'https:' && !isLocalHttp(issuerUrl)) {
      throw new Error('OIDC_ISSUER must be an https URL');
    }
    configuration ??= client
      .discovery(issuerUrl, clientId, clientSecret, undefined, {
        // Plain http only for a local provider (tests); ID token signatures are checked regardless.
        execute: [
          ...(isLocalHttp(issuerUrl) ? [client.allowInsecureRequests] : []),
          client.enableNonRepudiationChecks,
        ],
        timeout: 10,
      })
      .catch((error: unknown) => {
        configuration = null;
        throw error;
      });
    return configuration;
  }

  // Strict: no other site can make the browser send it, so none can submit the password step.
  const linkCookieOptions = { ...flowCookieOptions, sameSite: 'strict' } as const;

  const toAuth = (reply: FastifyReply, error: GoogleSignInError) =>
    reply.redirect(`/auth?error=${error}`, 302);

  return async (app) => {
    app.get(
      '/auth/google/status',
      { schema: { response: { 200: GoogleStatusSchema } } },
      async () => ({ enabled }),
    );

    app.get(
      '/auth/google/start',
      { schema: { querystring: z.object({ redirect: z.string().optional() }).loose() } },
      async (request, reply) => {
        if (!enabled) return toAuth(reply, 'google-not-configured');
        let oidc: client.Configuration;
        try {
          oidc = await getConfiguration();
        } catch (err) {
          request.log.error({ err }, 'OpenID Connect discovery failed');
          return toAuth(reply, 'google-failed');
        }
        const flow: FlowCookie = {
          verifier: client.randomPKCECodeVerifier(),
          state: client.randomState(),
          nonce: client.randomNonce(),
          redirect: safeRedirect(request.query.redirect),
          issuedAt: now(),
        };
        const url = client.buildAuthorizationUrl(oidc, {
          redirect_uri: callbackUrl,
          scope: 'openid email profile',
          response_type: 'code',
          code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
          code_challenge_method: 'S256',
          state: flow.state,
          nonce: flow.nonce,
        });
        reply.setCookie(OIDC_COOKIE, JSON.stringify(flow), {
          ...flowCookieOptions,
          maxAge: COOKIE_LIFETIME_MS / 1000,
        });
        return reply.redirect(url.href, 302);
      },
    );

    app.get('/auth/google/callback', async (request, reply) => {
      const current = new URL(request.url, callbackUrl);
      const received = new URL(callbackUrl);
      received.search = current.search;
      // The flow is single-use whatever happens next.
      const flow = readCookie(request, OIDC_COOKIE, FlowCookieSchema);
      reply.clearCookie(OIDC_COOKIE, { ...flowCookieOptions, signed: false });

      if (!enabled) return toAuth(reply, 'google-not-configured');
      const providerError = received.searchParams.get('error');
      if (providerError === 'access_denied') return toAuth(reply, 'google-cancelled');
      if (providerError) return toAuth(reply, 'google-failed');
      // No flow cookie (older than its 10 minutes, altered, another browser) or another flow's
      // state: this answer does not belong to a sign-in this browser started.
      if (!flow || received.searchParams.get('state') !== flow.state) {
        return toAuth(reply, 'google-expired');
      }

      let result;
      let sub: string;
      try {
        const oidc = await getConfiguration();
        const tokens = await client.authorizationCodeGrant(oidc, received, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims || typeof claims.email !== 'string') {
          request.log.warn('Google sign-in refused: the ID token has no email');
          return toAuth(reply, 'google-failed');
        }
        if (claims.email_verified !== true) {
          request.log.warn('Google sign-in refused: the email is not verified');
          return toAuth(reply, 'google-email-unverified');
        }
        sub = claims.sub;
        result = await accounts.signInWithGoogle({
          sub,
          email: claims.email,
          name: typeof claims.name === 'string' ? claims.name : undefined,
        });
      } catch (err) {
        request.log.warn({ err }, 'Google sign-in failed');
        return toAuth(reply, 'google-failed');
      }
      if (result.outcome === 'email-in-use') {
        request.log.warn(
          'Google sign-in refused: the email belongs to an account linked to another Google account',
        );
        return toAuth(reply, 'google-email-in-use');
      }
      if (result.outcome === 'needs-password') {
        request.log.info(
          { userId: result.userId },
          'Google sign-in not linked: the matching account has not verified its email; asking for its password',
        );
        const pending: LinkCookie = {
          userId: result.userId,
          sub,
          email: result.email,
          redirect: flow.redirect,
          issuedAt: now(),
        };
        reply.setCookie(LINK_COOKIE, JSON.stringify(pending), {
          ...linkCookieOptions,
          maxAge: COOKIE_LIFETIME_MS / 1000,
        });
        return reply.redirect('/auth?link=google', 302);
      }
      if (result.linked) request.log.info({ userId: result.user.id }, 'Google account linked');
      await reply.startSession(result.user.id);
      return reply.redirect(signedInLocation(flow.redirect), 302);
    });

    app.get(
      '/auth/google/link',
      { schema: { response: { 200: GoogleLinkPendingSchema, 404: ApiErrorSchema } } },
      async (request) => {
        const pending = readLink(request);
        if (!pending) throw new HttpError(404, 'INVALID_LINK', MESSAGES.googleLinkExpired);
        return { email: pending.email };
      },
    );

    app.post(
      '/auth/google/link',
      {
        schema: {
          body: GoogleLinkBodySchema,
          response: { 200: GoogleLinkResponseSchema, ...apiErrors(400, 401, 409, 429) },
        },
      },
      async (request, reply) => {
        const pending = readLink(request);
        if (!pending) throw new HttpError(400, 'INVALID_LINK', MESSAGES.googleLinkExpired);
        const { userId, sub, email } = pending;
        const link: PendingGoogleLink = { userId, sub, email };
        const user = await accounts.linkGoogleWithPassword(link, request.body.password, request.ip);
        reply.clearCookie(LINK_COOKIE, { ...linkCookieOptions, signed: false });
        request.log.info({ userId: user.id }, 'Google account linked after a password check');
        await reply.startSession(user.id);
        return { user, redirect: pending.redirect };
      },
    );

    const readLink = (request: FastifyRequest) =>
      readCookie(request, LINK_COOKIE, LinkCookieSchema);

    /** The cookie's value if its signature holds, it parses and it is younger than its lifetime. */
    function readCookie<T extends z.infer<typeof CookieSchema>>(
      request: FastifyRequest,
      name: string,
      schema: z.ZodType<T>,
    ): T | null {
      const value = readSignedCookie(request, name);
      if (!value) return null;
      try {
        const parsed = schema.safeParse(JSON.parse(value));
        if (!parsed.success || now() - parsed.data.issuedAt > COOKIE_LIFETIME_MS) return null;
        return { ...parsed.data, redirect: safeRedirect(parsed.data.redirect) };
      } catch {
        return null;
      }
    }
  };
}
