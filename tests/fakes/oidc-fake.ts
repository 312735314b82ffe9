import { OAuth2Issuer, OAuth2Server, type MutableToken } from 'oauth2-mock-server';

export type IdTokenClaims = Record<string, unknown>;

/** A `login_hint` that makes the provider answer `error=access_denied` (consent refused). */
export const DENY_HINT = 'access_denied';

export type OidcFake = {
  /** http://127.0.0.1:<port>: use as OIDC_ISSUER. */
  issuerUrl: string;
  /**
   * Claims merged into the next ID token the token endpoint signs (after the provider's own:
   * iss, iat, exp, sub, aud and the nonce from the authorization request).
   */
  setNextIdTokenClaims: (claims: IdTokenClaims) => void;
  /**
   * Makes the next token response carry this ID token instead, signed by a key the provider does
   * not publish (but with the published key's `kid`): its signature does not verify.
   */
  forgeNextIdToken: (claims: IdTokenClaims) => Promise<void>;
  close: () => Promise<void>;
};

/**
 * A real OpenID Connect provider on loopback (oauth2-mock-server): discovery, JWKS, authorize
 * (PKCE, state, nonce) and token endpoints. Its authorize endpoint approves at once and redirects
 * back with a code.
 */
export async function startOidcFake(
  options: {
    port?: number;
    /** Claims every ID token gets unless `setNextIdTokenClaims` says otherwise (browser journeys). */
    defaultClaims?: IdTokenClaims;
    /**
     * An authorization request with `login_hint=<email>` (or a `login_hint` cookie, which a browser
     * journey can set for its own context) signs in as that verified address, with a subject
     * derived from it: journeys running in parallel each choose their own Google user.
     * `DENY_HINT` refuses consent instead.
     */
    loginHintAsEmail?: boolean;
  } = {},
): Promise<OidcFake> {
  const server = new OAuth2Server();
  const key = await server.issuer.keys.generate('RS256');
  await server.start(options.port ?? 0, '127.0.0.1');
  const issuerUrl = server.issuer.url!;

  let nextClaims: IdTokenClaims | null = null;
  let forged: string | null = null;
  // Authorization code → the claims its login_hint asked for.
  const hinted = new Map<string, IdTokenClaims>();

  server.service.on(
    'beforeAuthorizeRedirect',
    (
      redirect: { url: URL },
      req: { query?: Record<string, unknown>; headers?: Record<string, unknown> },
    ) => {
      const cookie = /(?:^|;\s*)login_hint=([^;]+)/.exec(String(req.headers?.cookie ?? ''))?.[1];
      const hint = req.query?.login_hint ?? (cookie ? decodeURIComponent(cookie) : undefined);
      const code = redirect.url.searchParams.get('code');
      if (!options.loginHintAsEmail || typeof hint !== 'string' || !code) return;
      // The person says no on the consent screen: the provider answers the OAuth error instead.
      if (hint === DENY_HINT) {
        redirect.url.searchParams.delete('code');
        redirect.url.searchParams.set('error', 'access_denied');
        return;
      }
      hinted.set(code, {
        sub: `google-${hint}`,
        email: hint,
        email_verified: true,
        name: hint.split('@')[0],
      });
    },
  );

  server.service.on(
    'beforeTokenSigning',
    (token: MutableToken, req: { body?: Record<string, unknown> }) => {
      // The access token carries a scope; the ID token does not.
      if ('scope' in token.payload) return;
      const code = req.body?.code;
      const fromHint = typeof code === 'string' ? hinted.get(code) : undefined;
      if (fromHint) {
        Object.assign(token.payload, fromHint);
        return;
      }
      applyClaims(token);
    },
  );

  function applyClaims(token: MutableToken) {
    const claims = nextClaims ?? options.defaultClaims;
    if (!claims) return;
    Object.assign(token.payload, claims);
    nextClaims = null;
  }
  server.service.on('beforeResponse', (response: { body: unknown }) => {
    if (!forged) return;
    (response.body as Record<string, unknown>).id_token = forged;
    forged = null;
  });

  return {
    issuerUrl,
    setNextIdTokenClaims: (claims) => {
      nextClaims = claims;
    },
    forgeNextIdToken: async (claims) => {
      const rogue = new OAuth2Issuer();
      rogue.url = issuerUrl;
      await rogue.keys.generate('RS256', { kid: key.kid });
      forged = await rogue.buildToken({
        scopesOrTransform: (_header, payload) => Object.assign(payload, claims),
      });
    },
    close: () => server.stop(),
  };
}

// CLI for the browser journeys: node tests/fakes/oidc-fake.ts --port 4200
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const portIndex = process.argv.indexOf('--port');
  const port = portIndex > 0 ? Number(process.argv[portIndex + 1]) : 0;
  const fake = await startOidcFake({
    port,
    loginHintAsEmail: true,
    defaultClaims: {
      sub: 'google-e2e-user',
      email: 'ada.google@example.test',
      email_verified: true,
      name: 'Ada Google',
    },
  });
  console.log(`oidc fake listening on ${fake.issuerUrl}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
