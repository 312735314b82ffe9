import { describe, expect, it } from 'vitest';
import { canonicalPath, headElements, headHtml, PRODUCT_CARD } from './page-head.ts';

const ORIGIN = 'https://logos.example.com';

describe('canonicalPath', () => {
  it('keeps a public page without its query (tabs, return addresses)', () => {
    expect(canonicalPath('/', new URLSearchParams('utm_source=x'))).toBe('/');
    expect(canonicalPath('/legal', new URLSearchParams('tab=privacy'))).toBe('/legal');
    // The sign-in page is what someone looking for "WikiLogos sign in" should find.
    expect(canonicalPath('/auth', new URLSearchParams('tab=signup&redirect=%2Fdashboard'))).toBe(
      '/auth',
    );
  });

  it('keeps a results page with its query and filters only, in one order', () => {
    expect(
      canonicalPath('/search', new URLSearchParams('license=cc-by&x=1&fileType=svg&q= google ')),
    ).toBe('/search?q=google&fileType=svg&license=cc-by');
    expect(canonicalPath('/search', new URLSearchParams('q=AT%26T'))).toBe('/search?q=AT%26T');
  });

  it('keeps a company page under its id as Wikidata writes it', () => {
    expect(canonicalPath('/brand/q2283', new URLSearchParams('utm_source=x'))).toBe('/brand/Q2283');
    expect(canonicalPath('/brand/Microsoft', new URLSearchParams())).toBeNull();
  });

  it('gives nothing to index for private pages, an empty search and unknown addresses', () => {
    for (const path of ['/dashboard', '/admin', '/reset-password', '/no/such/page']) {
      expect(canonicalPath(path, new URLSearchParams()), path).toBeNull();
    }
    expect(canonicalPath('/search', new URLSearchParams('q=%20'))).toBeNull();
  });
});

describe('the head of a page', () => {
  it('links a public page to its absolute address and previews it with the product card', () => {
    const elements = headElements(
      { title: 'About - WikiLogos', description: 'What it is.', canonical: '/about', image: null },
      ORIGIN,
    );
    const attributes = elements.map((element) => element.attributes);
    expect(attributes).toContainEqual({ rel: 'canonical', href: `${ORIGIN}/about` });
    expect(attributes).toContainEqual({ property: 'og:url', content: `${ORIGIN}/about` });
    expect(attributes).toContainEqual({
      property: 'og:image',
      content: `${ORIGIN}${PRODUCT_CARD.path}`,
    });
    expect(attributes).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
    expect(attributes).not.toContainEqual({ name: 'robots', content: 'noindex' });
  });

  it('asks not to index a page without a canonical address', () => {
    const html = headHtml(
      { title: 'Sign In - WikiLogos', description: 'd', canonical: null, image: null },
      ORIGIN,
    );
    expect(html).toContain('<meta name="robots" content="noindex" data-page-head />');
    expect(html).not.toContain('rel="canonical"');
  });

  it('previews a result with its picture as a summary card', () => {
    const image = 'https://upload.wikimedia.org/thumb/Google.svg/330px-Google.svg.png';
    const attributes = headElements(
      { title: 't', description: 'd', canonical: '/search?q=google', image },
      ORIGIN,
    ).map((element) => element.attributes);
    expect(attributes).toContainEqual({ property: 'og:image', content: image });
    expect(attributes).toContainEqual({ name: 'twitter:image', content: image });
    expect(attributes).toContainEqual({ name: 'twitter:card', content: 'summary' });
  });

  it('escapes what a visitor typed, so a query cannot add markup to the head', () => {
    const query = '"><script>alert(1)</script>';
    const html = headHtml(
      {
        title: `${query} - WikiLogos Search`,
        description: `Logos for "${query}"`,
        canonical: `/search?${new URLSearchParams({ q: query }).toString()}`,
        image: null,
      },
      ORIGIN,
    );
    expect(html).not.toContain('<script');
    expect(html).toContain(
      '<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; - WikiLogos Search</title>',
    );
  });
});
