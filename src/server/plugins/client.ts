import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { withTimeout } from '#server/lib/with-timeout.ts';
import { isApiPath } from './errors.ts';
import type { SearchService } from '#server/features/search/search.service.ts';
import type { BrandsService } from '#server/features/brands/brands.service.ts';
import { HttpError } from '#server/http-error.ts';
import { BrandParamsSchema } from '#shared/brands/brands.schemas.ts';
import { UserSchema } from '#shared/accounts/accounts.schemas.ts';
import type { RenderPage } from '#shared/lib/page-render.ts';
import { PAGE_STATE_ID } from '#shared/lib/page-render.ts';
import { headHtml } from '#shared/lib/page-head.ts';
import { SearchQuerySchema, type SearchQuery } from '#shared/search/search.schemas.ts';

/**
 * How long a results page waits for its search before it is sent without (the browser then joins
 * the search in flight); cached results take a millisecond, a slow upstream must not hold it.
 */
const PAGE_SEARCH_WAIT_MS = 1_000;

const ROOT_ELEMENT = '<div id="root"></div>';
// index.html's own title and description, which a rendered page replaces with its own.
const INDEX_TITLE = /<title>[^<]*<\/title>/;
const INDEX_DESCRIPTION = /<meta\s+name="description"[^>]*>\s*/;
// Any absolute origin will do: the pages only read the path and query of the address.
const RENDER_ORIGIN = 'http://wikilogos.invalid';
/**
 * The security plugin's headers that only a document uses; hashed assets keep
 * X-Content-Type-Options (a script is never read as another type). See
 * docs/decisions/043-phone-fast-first-page.md.
 */
/** Vite names a `new Worker(new URL('./x.worker.ts', …))` script `assets/x.worker-<hash>.js`. */
const WORKER_SCRIPT = /\.worker-[^/\\]+\.js$/;
const PAGE_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * Serves dist/client: hashed /assets for a year, everything else revalidated. Pages are rendered
 * with the server build (dist/server, src/client/entry-server.tsx) so they paint before their
 * JavaScript runs; without it, or when rendering fails, index.html is sent as it is.
 */
export async function registerClient(
  app: FastifyInstance,
  clientDir: string,
  deps: { search: SearchService; brands: BrandsService; publicUrl: string },
) {
  const indexHtml = await readFile(path.join(clientDir, 'index.html'), 'utf8');
  const [before = '', after] = indexHtml.split(ROOT_ELEMENT);

  const serverEntry = path.join(clientDir, '../server/entry-server.js');
  let renderPage: RenderPage | null = null;
  if (after === undefined) {
    app.log.warn(
      `${clientDir}/index.html has no ${ROOT_ELEMENT}: pages are rendered in the browser only`,
    );
  } else if (existsSync(serverEntry)) {
    ({ renderPage } = (await import(pathToFileURL(serverEntry).href)) as {
      renderPage: RenderPage;
    });
  } else {
    app.log.warn(`${serverEntry} is missing: pages are rendered in the browser only`);
  }

  const sources = {
    // Parsed again: the page's address is as untrusted as /api/search's query.
    search: (query: SearchQuery) =>
      withTimeout(
        deps.search.search(SearchQuerySchema.parse(query)),
        PAGE_SEARCH_WAIT_MS,
        `the search took over ${PAGE_SEARCH_WAIT_MS} ms`,
      ),
    brand: async (qid: string) => {
      // Parsed like GET /api/brands/:qid's; an id that is not one has no page either.
      const params = BrandParamsSchema.safeParse({ qid });
      if (!params.success) return null;
      try {
        return await withTimeout(
          deps.brands.getBrand(params.data.qid),
          PAGE_SEARCH_WAIT_MS,
          `the company page took over ${PAGE_SEARCH_WAIT_MS} ms`,
        );
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 404) return null;
        throw err;
      }
    },
  };

  type Page = { status: number; html: string; redirect: string | null };
  async function renderedPage(request: FastifyRequest): Promise<Page> {
    if (!renderPage) return { status: 200, html: indexHtml, redirect: null };
    try {
      const { status, html, head, state, redirect } = await renderPage(
        new URL(request.url, RENDER_ORIGIN).href,
        {
          ...sources,
          // Exactly what GET /api/user would answer, and nothing more of the user's row.
          user: request.user ? UserSchema.parse(request.user) : null,
        },
      );
      const stateScript = state
        ? `<script type="application/json" id="${PAGE_STATE_ID}">${state}</script>`
        : '';
      // Absolute addresses on PUBLIC_URL, never the Host header (anyone can set it).
      const pageHead = headHtml(head, deps.publicUrl);
      const top = before.replace(INDEX_DESCRIPTION, '').replace(INDEX_TITLE, () => pageHead);
      return {
        status,
        html: `${top}<div id="root">${html}</div>${stateScript}${after}`,
        redirect,
      };
    } catch (err) {
      // The page still works: the browser renders it from scratch.
      request.log.error({ err, url: request.url }, 'server rendering failed');
      return { status: 200, html: indexHtml, redirect: null };
    }
  }

  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    wildcard: false,
    // The build's brotli and gzip copies of each asset (vite.config.ts), sent by Accept-Encoding
    // as they are: smaller than compressing per request, and no CPU spent on it.
    preCompressed: true,
    // The server answers robots.txt and sitemap.xml itself (features/site); a copy in the build
    // must not clash. The compressed copies are encodings of their file, not addresses of their own.
    globIgnore: ['robots.txt', 'sitemap.xml', '**/*.br', '**/*.gz'],
    setHeaders: (reply, filePath) => {
      const hashed = filePath.startsWith(path.join(clientDir, 'assets') + path.sep);
      reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      // A script or stylesheet is not a document: the page's policies (CSP, framing, referrer…)
      // mean nothing on it, and cost ~1 KB on each of the dozens a page loads. A worker's script
      // is the exception: a worker runs under the policy its own script arrives with.
      if (hashed && !WORKER_SCRIPT.test(filePath))
        for (const name of PAGE_ONLY_HEADERS) reply.raw.removeHeader(name);
    },
  });
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const page = await renderedPage(request);
    if (page.redirect)
      return reply.header('Cache-Control', 'private, no-cache').redirect(page.redirect);
    reply
      .status(page.status)
      // Rendered for whoever is signed in: never kept by a shared cache.
      .header('Cache-Control', 'private, no-cache')
      .type('text/html; charset=utf-8');
    return page.html;
  };
  app.get('/', sendPage);
  // Every other address is a page (the router's not-found page included), except under /api.
  app.get('/*', (request, reply) =>
    isApiPath(request.url) ? reply.callNotFound() : sendPage(request, reply),
  );
}
