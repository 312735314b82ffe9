import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as client from 'openid-client';
import { z } from 'zod';
import type { Config } from '#server/config.ts';
import type { AccountsService } from '#server/features/accounts/accounts.service.ts';
import { GoogleStatusSchema } from '#shared/accounts/accounts.schemas.ts';

export const OIDC_COOKIE = 'wl_oidc';
const OIDC_COOKIE_PATH = '/api/auth/google';
const OIDC_COOKIE_LIFETIME_MS = 10 * 60 * 1000;
export const DEFAULT_REDIRECT = '/dashboard?tab=subscription';

export type GoogleSignInError = 'google-cancelled' | 'google-failed' | 'google-not-configured';

/** What the browser carries between /start and /callback, signed so it cannot be altered. */
const FlowCookieSchema = z.object({
  verifier: z.string().min(43),
  state: z.string().min(1),
  nonce: z.string().min(1),
  redirect: z.string(),
  issuedAt: z.number(),
});
type FlowCookie = z.infer<typeof FlowCookieSchema>;

/** A same-site path only: '/x' but never '//host', '/\host' or an absolute URL. */
export function safeRedirect(value: string | undefined): string {
  if (!value || value.length > 2000) return DEFAULT_REDIRECT;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return DEFAULT_REDIRECT;
  // Control characters and backslashes can be read as other hosts by some browsers.
  if ([...value].some((c) => c < ' ' || c === '\u007f' || c === '\\')) return DEFAULT_REDIRECT;
  return value;
}

function isLocalHttp(url: URL): boolean {
  return (
    url.protocol === 'http:' &&
    (url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]')
  );
}

export type GoogleSignInOptions = {
  config: Config;
  accounts: AccountsService;
  /** Defaults to Date.now; tests may pass their own. */
  now?: () => number;
};

/**
 * "Continue with Google": OpenID Connect authorization-code flow with PKCE (S256), state and
 * nonce. Identity comes only from the ID token that openid-client verified (signature, issuer,
 * audience, expiry, nonce) and that says the email is verified.
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
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: OIDC_COOKIE_PATH,
    secure: config.publicOrigin.startsWith('https:'),
    signed: true,
  };

  // Discovered on first use and cached; a failed discovery is retried on the next sign-in.
  let configuration: Promise<client.Configuration> | null = null;
  function getConfiguration(): Promise<client.Configuration> {
    if (!clientId || !clientSecret) throw new Error('Google sign-in is not configured');
    if (issuerUrl.protocol !== 'https:' && !isLocalHttp(issuerUrl)) {
      throw new Error('OIDC_ISSUER must be an https URL');
    }
    configuration ??= client
      .discovery(issuerUrl, clientId, clientSecret, undefined, {
        // Plain http only for a provider on this machine (tests); the ID token's signature is
        // checked against the provider's keys even though TLS would already vouch for it.
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
          ...cookieOptions,
          maxAge: OIDC_COOKIE_LIFETIME_MS / 1000,
        });
        return reply.redirect(url.href, 302);
      },
    );

    app.get('/auth/google/callback', async (request, reply) => {
      const current = new URL(request.url, callbackUrl);
      const received = new URL(callbackUrl);
      received.search = current.search;
      // The flow is single-use whatever happens next.
      const flow = readFlowCookie(request.cookies[OIDC_COOKIE]);
      reply.clearCookie(OIDC_COOKIE, { ...cookieOptions, signed: false });

      if (!enabled) return toAuth(reply, 'google-not-configured');
      const providerError = received.searchParams.get('error');
      if (providerError === 'access_denied') return toAuth(reply, 'google-cancelled');
      if (providerError || !flow || now() - flow.issuedAt > OIDC_COOKIE_LIFETIME_MS) {
        return toAuth(reply, 'google-failed');
      }

      let user;
      try {
        const oidc = await getConfiguration();
        const tokens = await client.authorizationCodeGrant(oidc, received, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims || claims.email_verified !== true || typeof claims.email !== 'string') {
          request.log.warn('Google sign-in refused: the email is not verified');
          return toAuth(reply, 'google-failed');
        }
        user = await accounts.signInWithGoogle({
          sub: claims.sub,
          email: claims.email,
          name: typeof claims.name === 'string' ? claims.name : undefined,
        });
      } catch (err) {
        request.log.warn({ err }, 'Google sign-in failed');
        return toAuth(reply, 'google-failed');
      }
      if (!user) {
        request.log.warn(
          'Google sign-in refused: the email belongs to an account linked to another Google account',
        );
        return toAuth(reply, 'google-failed');
      }
      await reply.startSession(user.id);
      return reply.redirect(flow.redirect, 302);
    });

    function readFlowCookie(raw: string | undefined): FlowCookie | null {
      if (!raw) return null;
      const unsigned = app.unsignCookie(raw);
      if (!unsigned.valid || !unsigned.value) return null;
      try {
        const parsed = FlowCookieSchema.safeParse(JSON.parse(unsigned.value));
        return parsed.success
          ? { ...parsed.data, redirect: safeRedirect(parsed.data.redirect) }
          : null;
      } catch {
        return null;
      }
    }
  };
}
