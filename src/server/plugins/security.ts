import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '#server/config.ts';
import { HttpError } from '#server/http-error.ts';

// Logo files and thumbnails are shown straight from Wikimedia's servers.
const WIKIMEDIA_MEDIA = ['https://upload.wikimedia.org', 'https://thumb.wikimedia.org'];
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// Helmet itself, run once at start: the @fastify/helmet plugin rebuilt the policy from the options
// on every request, a large share of a small request's time (docs/decisions/041-lean-server.md).

/** The headers helmet sets for these options: the same for every answer, so worked out once. */
function securityHeaders(options: HelmetOptions): [string, string | number | string[]][] {
  const headers: [string, string | number | string[]][] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | string[]) =>
      void headers.push([name, value]),
    removeHeader: () => {},
  };
  helmet(options)(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    recorder as unknown as Parameters<ReturnType<typeof helmet>>[1],
    () => {},
  );
  return headers;
}

/** Headers (helmet, strict CSP), the cross-site check; CORS closed: no other site reads answers. */
export const securityPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const https = config.publicOrigin.startsWith('https:');
    const headers = securityHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // No inline scripts and no eval: the theme is applied by /theme-init.js.
          scriptSrc: ["'self'"],
          // Radix primitives inject small <style> elements (scroll locking), hence 'unsafe-inline' for styles only.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...WIKIMEDIA_MEDIA],
          connectSrc: ["'self'", ...WIKIMEDIA_MEDIA],
          fontSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          manifestSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // Logo images come from another origin without CORP headers.
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    // On the raw response, as helmet does: answers Fastify does not send itself keep them too.
    app.addHook('onRequest', async (_request, reply) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
    });

    // Besides SameSite=Lax cookies, state changes must come from our pages: Sec-Fetch-Site and
    // Origin cannot be forged by a page on another site.
    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method)) return;
      const site = request.headers['sec-fetch-site'];
      const origin = request.headers.origin;
      if (site === 'cross-site' || (origin !== undefined && origin !== config.publicOrigin)) {
        const message = 'This request came from another website and was refused.';
        throw new HttpError(403, 'CROSS_SITE_REQUEST', message);
      }
    });
  },
  { name: 'security' },
);
