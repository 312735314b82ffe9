/**
 * What a page says about itself in `<head>`: its title, description, canonical address and the
 * card a link to it shows when shared (docs/product.md#findable-pages). The page decides it while
 * it renders; the server writes it into the HTML it sends (so crawlers and link previews see it
 * without JavaScript) and the browser updates it on each client-side navigation.
 */

export const SITE_NAME = 'WikiLogos';

export const DEFAULT_DESCRIPTION =
  'WikiLogos: find, preview and download company logos from Wikimedia Commons. Free of ads.';

/** The product's own card for link previews (1200 × 630), in public/. */
export const PRODUCT_CARD = { path: '/og-card.png', width: 1200, height: 630 } as const;

/** The pages worth finding through a search engine, in the order the sitemap lists them. */
export const INDEXED_PAGES = ['/', '/wall', '/premium', '/about', '/legal', '/auth'] as const;

/** A results page's address keeps only these parameters, in this order, as its canonical form. */
const SEARCH_PARAMS = ['q', 'fileType', 'dateFilter', 'license'] as const;

export type PageHead = {
  /** The full `<title>`. */
  title: string;
  description: string;
  /** The path (and, for results, query) of the address to index; null: not to be indexed. */
  canonical: string | null;
  /** The link preview's picture: an absolute address, or null for the product's card. */
  image: string | null;
};

/**
 * The canonical path of an address: a page in INDEXED_PAGES without its query (tabs, redirects),
 * a results page with its query and filters; null for every other page (sign-in, account, admin,
 * checkout returns, not found), which asks not to be indexed.
 */
export function canonicalPath(pathname: string, params: URLSearchParams): string | null {
  if ((INDEXED_PAGES as readonly string[]).includes(pathname)) return pathname;
  // A company page, under its id as Wikidata writes it (docs/decisions/048-logo-history-and-search-by-website.md).
  const brand = /^\/brand\/(q[1-9]\d{0,11})\/?$/i.exec(pathname)?.[1];
  if (brand) return `/brand/${brand.toUpperCase()}`;
  if (pathname !== '/search') return null;
  const q = (params.get('q') ?? '').trim();
  if (!q) return null;
  const kept = new URLSearchParams({ q });
  for (const name of SEARCH_PARAMS.slice(1)) {
    const value = params.get(name);
    if (value) kept.set(name, value);
  }
  return `/search?${kept.toString()}`;
}

export const DEFAULT_HEAD: PageHead = {
  title: SITE_NAME,
  description: DEFAULT_DESCRIPTION,
  canonical: null,
  image: null,
};

type HeadElement = { tag: 'meta' | 'link'; attributes: Record<string, string> };

/**
 * The `<meta>` and `<link>` elements of a head (the title aside), with absolute addresses on
 * `origin` (PUBLIC_URL on the server; the same origin, read back from the page, in the browser).
 */
export function headElements(head: PageHead, origin: string): HeadElement[] {
  const canonical = head.canonical === null ? null : `${origin}${head.canonical}`;
  const image = head.image ?? `${origin}${PRODUCT_CARD.path}`;
  const meta = (key: 'name' | 'property', name: string, content: string): HeadElement => ({
    tag: 'meta',
    attributes: { [key]: name, content },
  });
  return [
    meta('name', 'description', head.description),
    canonical
      ? { tag: 'link', attributes: { rel: 'canonical', href: canonical } }
      : meta('name', 'robots', 'noindex'),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    ...(canonical ? [meta('property', 'og:url', canonical)] : []),
    meta('property', 'og:image', image),
    ...(head.image === null
      ? [
          meta('property', 'og:image:width', String(PRODUCT_CARD.width)),
          meta('property', 'og:image:height', String(PRODUCT_CARD.height)),
        ]
      : []),
    // A logo is shown whole beside the text; the product's card spans the preview.
    meta('name', 'twitter:card', head.image === null ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', image),
  ];
}

/** Text or an attribute value made safe inside HTML. */
function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Marks the elements a page owns, so the browser can replace them on the next page. */
export const PAGE_HEAD_ATTRIBUTE = 'data-page-head';

/** The head as HTML: `<title>` and the elements of headElements(), every value escaped. */
export function headHtml(head: PageHead, origin: string): string {
  const elements = headElements(head, origin).map(({ tag, attributes }) => {
    const text = Object.entries(attributes)
      .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
      .join('');
    return `<${tag}${text} ${PAGE_HEAD_ATTRIBUTE} />`;
  });
  return [`<title>${escapeHtml(head.title)}</title>`, ...elements].join('\n    ');
}
