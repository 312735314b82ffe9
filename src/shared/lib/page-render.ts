import type { User } from '#shared/accounts/accounts.schemas.ts';
import type { Brand } from '#shared/brands/brands.schemas.ts';
import type { SearchQuery, SearchResult } from '#shared/search/search.schemas.ts';
import type { PageHead } from './page-head.ts';

/** What the server hands the server build of the client (entry-server.tsx) for pages to fetch. */
export type PageDataSources = {
  /** Who the session cookie says is signed in, as GET /api/user answers it (null: a visitor). */
  user: User | null;
  /** The search service in-process; rejects when it takes too long for a page to wait. */
  search: (query: SearchQuery) => Promise<SearchResult>;
  /** A company's logo history by Wikidata id; null when Wikidata has no such item. */
  brand: (qid: string) => Promise<Brand | null>;
};

type RenderedPage = {
  /** 404 for an address no page matches. */
  status: number;
  /** Where the page sends this visitor instead (a signed-out visitor on /dashboard), or null. */
  redirect: string | null;
  /** The markup for #root. */
  html: string;
  /** The title, description, canonical address and link-preview card the page gave itself. */
  head: PageHead;
  /** JSON for `<script type="application/json" id={PAGE_STATE_ID}>`, safe to embed; null when nothing was fetched. */
  state: string | null;
};

export type RenderPage = (href: string, sources: PageDataSources) => Promise<RenderedPage>;

/** The id of the page-state script (read by the browser in start-app.tsx). */
export const PAGE_STATE_ID = 'page-state';

/**
 * The page state as JSON that cannot close the <script> element it sits in (`</script>`, `<!--`).
 * The element is `type="application/json"`: never executed, so the strict Content-Security-Policy
 * still allows no inline script.
 */
export function serializePageState(state: unknown): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
