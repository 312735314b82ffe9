import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { Config } from '#server/config.ts';
import { HttpError } from '#server/http-error.ts';

// Logo files and thumbnails are shown straight from Wikimedia's servers.
const WIKIMEDIA_MEDIA = ['https://upload.wikimedia.org', 'https://thumb.wikimedia.org'];
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Headers (helmet, strict CSP), and the cross-site request check. CORS stays closed: the API
 * sends no Access-Control-Allow-* headers, so other sites cannot read its answers.
 */
export const securityPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const https = config.publicOrigin.startsWith('https:');
    await app.register(helmet, {
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

    // Cookies are SameSite=Lax, and on top of that every state-changing request must come from
    // our own pages: browsers send Sec-Fetch-Site and Origin, which a page on another site cannot forge.
    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method)) return;
      const site = request.headers['sec-fetch-site'];
      const origin = request.headers.origin;
      if (site === 'cross-site' || (origin !== undefined && origin !== config.publicOrigin)) {
        throw new HttpError(
          403,
          'CROSS_SITE_REQUEST',
          'This request came from another website and was refused.',
        );
      }
    });
  },
  { name: 'security' },
);
