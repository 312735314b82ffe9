import { StrictMode, type ReactElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { AppProvider } from '#client/app/provider.tsx';
import { ServerRedirect } from '#client/app/redirect.tsx';
import { userQueryOptions } from '#client/features/accounts/api/get-user.ts';
import { AppRoutes, isNotFound, loadCurrentPage } from '#client/app/router.tsx';
import { searchQueryOptions, type SearchInput } from '#client/features/search/api/get-search.ts';
import { brandQueryOptions } from '#client/features/brands/api/get-brand.ts';
import { chosenFileType, readFilters } from '#client/features/search/logo-filters.ts';
import { ServerPageHead } from '#client/hooks/use-document-title.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import { DEFAULT_HEAD, type PageHead } from '#shared/lib/page-head.ts';

import {
  serializePageState,
  type PageDataSources,
  type RenderPage,
} from '#shared/lib/page-render.ts';

/**
 * Server rendering (built by `vite build --ssr`, loaded by src/server/plugins/client.ts): each page
 * arrives as HTML that paints before any JavaScript has run, and the browser then hydrates it
 * (main.tsx, start-app.tsx). Everything the server does not know — who is signed in, stored preferences — renders
 * in its loading or default state on both sides, so the markup matches.
 */

async function toText(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : chunk.toString();
  return text;
}

/**
 * The app's markup, with no inline script: React writes one when part of the page is not ready
 * (a React.lazy part still loading, or a component that failed and is left to the browser), and
 * the Content-Security-Policy refuses inline scripts. A lazy part loads once per process, so the
 * render is done again when one was met; a failure fails the page, which the server then sends
 * unrendered for the browser to render (and logs).
 */
async function renderWithoutScripts(app: ReactElement): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    let failure: unknown = null;
    const { prelude } = await prerenderToNodeStream(app, {
      // React moves a large finished part (over this many bytes) out of line, behind a script that
      // puts it back in place: keep every part in line instead.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        failure ??= error;
      },
    });
    const html = await toText(prelude);
    if (failure) throw failure;
    if (!html.includes('<script')) return html;
    if (attempt === 3) throw new Error('the page kept waiting for parts that did not load');
  }
}

/** Results for /search?q=…, under the key the page's own query uses. */
async function prefetchSearch(queryClient: QueryClient, url: URL, sources: PageDataSources) {
  const q = (url.searchParams.get('q') ?? '').trim();
  if (url.pathname !== '/search' || !q) return;
  const input: SearchInput = { q, fileType: chosenFileType(readFilters(url.searchParams)) };
  const options = searchQueryOptions(input);
  await queryClient.prefetchInfiniteQuery({
    ...options,
    queryFn: ({ pageParam }) => sources.search({ ...input, page: pageParam }),
  });
  // A search that failed or ran late is left to the browser: the page renders it as loading,
  // exactly as the browser's first render will.
  if (queryClient.getQueryState(options.queryKey)?.status !== 'success') {
    queryClient.removeQueries({ queryKey: options.queryKey });
  }
}

/**
 * A company page (/brand/:qid) with its logo history. False when there is no such company (the
 * page answers 404); a failure or a slow answer is left to the browser, as for a search.
 */
async function prefetchBrand(queryClient: QueryClient, url: URL, sources: PageDataSources) {
  const qid = /^\/brand\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  if (!qid) return true;
  const brand = await sources.brand(qid).catch(() => undefined);
  if (brand === null) return false;
  if (brand) queryClient.setQueryData(brandQueryOptions(qid).queryKey, brand);
  return true;
}

export const renderPage: RenderPage = async (href, sources) => {
  const url = new URL(href);
  await loadCurrentPage(url.pathname);
  const queryClient = createQueryClient();
  // The header, and every page that depends on who is signed in, render as they will in the browser.
  queryClient.setQueryData(userQueryOptions().queryKey, sources.user);
  await prefetchSearch(queryClient, url, sources);
  const brandFound = await prefetchBrand(queryClient, url, sources);

  const redirect = { to: null as string | null };
  let head: PageHead | null = null;
  const recordHead = (pageHead: PageHead) => {
    head = pageHead;
  };
  const app = (
    <StrictMode>
      <ServerRedirect value={redirect}>
        <ServerPageHead value={recordHead}>
          <StaticRouter location={`${url.pathname}${url.search}${url.hash}`}>
            <AppProvider queryClient={queryClient}>
              <AppRoutes />
            </AppProvider>
          </StaticRouter>
        </ServerPageHead>
      </ServerRedirect>
    </StrictMode>
  );
  const html = await renderWithoutScripts(app);
  const dehydrated = dehydrate(queryClient);
  queryClient.clear();
  const notFound = isNotFound(url.pathname);
  return {
    status: notFound || !brandFound ? 404 : 200,
    redirect: redirect.to,
    html,
    // Every page names itself; a page that failed before it could still gets the site's head.
    head: head ?? DEFAULT_HEAD,
    state: dehydrated.queries.length ? serializePageState(dehydrated) : null,
  };
};
