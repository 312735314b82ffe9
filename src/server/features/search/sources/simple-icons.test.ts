import { describe, expect, it } from 'vitest';
import { POPULAR_EXAMPLES } from '#tests/fixtures/popular-examples.ts';
import { LogoSchema } from '#shared/search/search.schemas.ts';
import {
  SAMPLE_SLUGS,
  createSimpleIconsSource,
  getIconSvg,
  sampleLogos,
  searchIcons,
  suggestIconTitles,
} from './simple-icons.ts';

const titles = (name: string) => searchIcons(name).map((logo) => logo.title);

describe('Simple Icons catalogue search', () => {
  it('finds a brand by its exact name first, then the brand’s other icons', () => {
    expect(titles('github')[0]).toBe('GitHub');
    expect(titles('GitHub')).toContain('GitHub Actions');
    expect(titles('apple')[0]).toBe('Apple');
  });

  it('forgives typos', () => {
    expect(titles('gihub')[0]).toBe('GitHub');
    expect(titles('spotfy')[0]).toBe('Spotify');
    expect(titles('netflx')[0]).toBe('Netflix');
    expect(titles('appel')[0]).toBe('Apple');
    expect(titles('gogle drive')[0]).toBe('Google Drive');
  });

  it('takes a website as written: a near miss is another company', () => {
    // A typed website (pasted onto a wall, say) that Wikidata knows no company for.
    expect(titles('stripe.com')).not.toContain('Trip.com');
    expect(titles('trip.com')[0]).toBe('Trip.com');
    expect(titles('booking.com')[0]).toBe('Booking.com');
  });

  it('does not pad a correct name with look-alike brands', () => {
    expect(titles('spotify')).toEqual(['Spotify']);
    expect(titles('microsoft')).not.toContain('Microstation');
  });

  it('matches aliases: other names, translations and former names', () => {
    expect(titles('Radio Canada')).toContain('CBC');
    expect(titles('구글')).toContain('Google');
    expect(titles('Chromecast')).toContain('Google Cast');
  });

  it('matches names with symbols either way', () => {
    expect(titles('AT&T')[0]).toBe('AT&T');
    expect(titles('att')[0]).toBe('AT&T');
    expect(titles('C++')[0]).toBe('C++');
  });

  it('returns nothing for an empty or unknown name', () => {
    expect(searchIcons('   ')).toEqual([]);
    expect(searchIcons('qqqzzzxxy')).toEqual([]);
  });

  it('describes each icon as a logo the client can show', () => {
    const [github] = searchIcons('github');
    expect(LogoSchema.parse(github)).toEqual(github);
    expect(github).toMatchObject({
      title: 'GitHub',
      url: '/api/icons/github.svg',
      thumbUrl: '/api/icons/github.svg',
      fileType: 'svg',
      dateAdded: null,
      description: 'GitHub icon from Simple Icons',
      width: 24,
      height: 24,
      license: 'CC0-1.0',
      licenseUrl: 'https://creativecommons.org/publicdomain/zero/1.0/',
      author: null,
      attributionRequired: false,
      trademarked: true,
      official: false,
      historical: false,
      brandColor: '181717',
      source: 'simple-icons',
      searchTerm: 'github',
    });
    expect(github?.size).toBe(Buffer.byteLength(getIconSvg('github') ?? ''));
    expect(github?.sourceUrl).toMatch(/^https:\/\//);
  });

  it('passes on an icon’s own licence when it has one', () => {
    const [dotnet] = searchIcons('.NET');
    expect(dotnet).toMatchObject({ title: '.NET', license: 'CC0-1.0' });
    expect(dotnet?.licenseUrl).toBe('https://spdx.org/licenses/CC0-1.0');
  });
});

describe('the Simple Icons source', () => {
  const source = createSimpleIconsSource();
  const signal = new AbortController().signal;

  it('answers the first page only, and only for SVG or all formats', async () => {
    const first = await source.search({ name: 'github', fileType: null, page: 0, signal });
    expect(first.logos[0]?.title).toBe('GitHub');
    expect(first.hasMore).toBe(false);
    expect(
      (await source.search({ name: 'github', fileType: 'svg', page: 0, signal })).logos,
    ).not.toEqual([]);
    expect(
      (await source.search({ name: 'github', fileType: 'png', page: 0, signal })).logos,
    ).toEqual([]);
    expect(
      (await source.search({ name: 'github', fileType: null, page: 1, signal })).logos,
    ).toEqual([]);
  });
});

describe('icon files', () => {
  it('serves the icon in its brand colour with a title', () => {
    const svg = getIconSvg('github');
    expect(svg).toMatch(/^<svg [^>]*fill="#181717"/);
    expect(svg).toContain('<title>GitHub</title>');
    expect(svg).toContain('viewBox="0 0 24 24"');
  });

  it('escapes titles', () => {
    expect(getIconSvg('atandt')).toContain('<title>AT&amp;T</title>');
  });

  it('knows nothing of unknown slugs', () => {
    expect(getIconSvg('no-such-brand')).toBeNull();
  });
});

describe('samples and suggestions', () => {
  it('has nine well-known sample brands, all present in the installed catalogue', () => {
    const samples = sampleLogos();
    expect(samples).toHaveLength(9);
    expect(samples.map((logo) => logo.url)).toEqual(
      SAMPLE_SLUGS.map((slug) => `/api/icons/${slug}.svg`),
    );
    expect(samples.map((logo) => logo.title)).toEqual(POPULAR_EXAMPLES);
  });

  it('suggests up to eight catalogue titles, by prefix or despite a typo', () => {
    expect(suggestIconTitles('gith')[0]).toBe('GitHub');
    expect(suggestIconTitles('spotfy')).toContain('Spotify');
    expect(suggestIconTitles('g').length).toBe(8);
    expect(suggestIconTitles('')).toEqual([]);
    expect(new Set(suggestIconTitles('google')).size).toBe(suggestIconTitles('google').length);
  });
});
