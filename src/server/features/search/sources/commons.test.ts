import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LogoSchema } from '#shared/search/search.schemas.ts';
import type { FileType } from '#shared/search/search.schemas.ts';
import { startWikimediaFake } from '#tests/fakes/wikimedia-fake.ts';
import type { WikimediaFake } from '#tests/fakes/wikimedia-fake.ts';
import { createWikimediaClient, WikimediaError } from '../wikimedia-client.ts';
import {
  createCommonsSource,
  mapCommonsResponse,
  normalizeFileTitle,
  searchTextFor,
} from './commons.ts';
import type { CommonsSource } from './commons.ts';
import { SourceUnavailableError } from './logo-source.ts';

let fake: WikimediaFake;
let commons: CommonsSource;

beforeAll(async () => {
  fake = await startWikimediaFake({ port: 0 });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  // A fresh client per test: no breaker state carried over from a failure test.
  const client = createWikimediaClient({
    userAgent: 'WikiLogos-test/1.0 (test@example.org) vitest',
    timeoutMs: 2_000,
  });
  commons = createCommonsSource({ client, apiUrl: fake.commonsApiUrl });
});

const signal = () => new AbortController().signal;
const search = (name: string, options: { fileType?: FileType; page?: number } = {}) =>
  commons.search({
    name,
    fileType: options.fileType ?? null,
    page: options.page ?? 0,
    signal: signal(),
  });

function recording(file: string): unknown {
  return JSON.parse(
    readFileSync(new URL(`../../../../../tests/fakes/recordings/${file}`, import.meta.url), 'utf8'),
  );
}

describe('commons source: the request', () => {
  it('sends one logo-oriented generator=search request per name, 24 per page', async () => {
    await search('Google');
    const requests = fake.requests();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      api: 'commons',
      params: {
        action: 'query',
        format: 'json',
        formatversion: '2',
        generator: 'search',
        gsrsearch: 'Google logo filetype:bitmap|drawing',
        gsrnamespace: '6',
        gsrlimit: '24',
        gsroffset: '0',
        prop: 'imageinfo',
        iiprop: 'timestamp|url|size|mime|mediatype|extmetadata',
        iiurlwidth: '330',
        iiextmetadatalanguage: 'en',
      },
    });
    expect(requests[0]?.params.iiextmetadatafilter?.split('|')).toEqual(
      expect.arrayContaining([
        'LicenseShortName',
        'LicenseUrl',
        'AttributionRequired',
        'Artist',
        'ImageDescription',
        'Restrictions',
      ]),
    );
  });

  it('asks Commons for vector files only when SVG is wanted, and by MIME type for the others', async () => {
    await search('Google', { fileType: 'svg' });
    await search('Google', { fileType: 'png', page: 1 });
    const [svg, png] = fake.requests();
    expect(svg?.params.gsrsearch).toBe('Google logo filetype:drawing');
    expect(png?.params).toMatchObject({ gsrsearch: 'Google logo filemime:png', gsroffset: '24' });
  });

  it('treats the name as text, not as search operators', () => {
    expect(searchTextFor('intitle:"Google" -logo')).toBe('intitle Google logo');
    expect(searchTextFor('AT&T OR Apple*')).toBe('AT&T or Apple');
    expect(searchTextFor('  Procter   &   Gamble ')).toBe('Procter & Gamble');
  });

  it('does not call Commons for an empty name or beyond the 10 000-result depth', async () => {
    expect(await search('"" :')).toEqual({ logos: [], hasMore: false });
    expect(await search('Google', { page: 417 })).toEqual({ logos: [], hasMore: false });
    expect(fake.requests()).toHaveLength(0);
  });
});

describe('commons source: mapping to the Logo contract', () => {
  it('returns logos in search-rank order with every field the contract needs', async () => {
    const { logos, hasMore } = await search('Google');
    expect(hasMore).toBe(true);
    expect(logos.map((l) => l.title)).toEqual([
      'Google 2015 logo',
      'Google "G" logo',
      'Google Chrome icon (February 2022)',
      'Googleplex sign, Mountain View (2023)',
      'Google 2011 logo',
      'Google Favicon 2015',
    ]);
    for (const logo of logos) expect(LogoSchema.parse(logo)).toEqual(logo);

    expect(logos[0]).toEqual({
      title: 'Google 2015 logo',
      url: 'https://upload.wikimedia.org/wikipedia/commons/2/2f/Google_2015_logo.svg',
      thumbUrl:
        'https://thumb.wikimedia.org/wikipedia/commons/thumb/2/2f/Google_2015_logo.svg/330px-Google_2015_logo.svg.png',
      fileType: 'svg',
      dateAdded: '2020-10-28T14:10:33Z',
      description: expect.any(String),
      size: expect.any(Number),
      width: expect.any(Number),
      height: expect.any(Number),
      license: 'Public domain',
      sourceUrl: 'https://commons.wikimedia.org/wiki/File:Google_2015_logo.svg',
      searchTerm: 'Google',
      source: 'commons',
      author: 'Google',
      licenseUrl: null,
      attributionRequired: false,
      trademarked: true,
      official: false,
      historical: false,
      brandColor: null,
      guidelinesUrl: null,
    });
  });

  it('strips utm_* tracking parameters but keeps the percent-encoding of file names', async () => {
    const { logos } = await search('Google');
    for (const logo of logos) {
      expect(logo.url).not.toContain('utm_');
      expect(logo.thumbUrl ?? '').not.toContain('utm_');
    }
    expect(logos[1]?.url).toBe(
      'https://upload.wikimedia.org/wikipedia/commons/c/c1/Google_%22G%22_logo.svg',
    );
    // An unscaled thumbnail is the original file.
    const favicon = logos.find((l) => l.title === 'Google Favicon 2015');
    expect(favicon?.thumbUrl).toBe(favicon?.url);

    const { logos: wiki } = await search('Wikipedia');
    expect(wiki.find((l) => l.fileType === 'jpg')?.url).toBe(
      'https://upload.wikimedia.org/wikipedia/commons/4/41/Wikipedia_puzzle_globe_sculpture%2C_S%C5%82ubice.jpg',
    );
  });

  it('turns extmetadata HTML into plain text and reads licence flags', async () => {
    const { logos } = await search('Apple');
    const store = logos.find((l) => l.title === 'Apple Store Fifth Avenue (2019)');
    expect(store).toMatchObject({
      fileType: 'jpg',
      license: 'CC BY-SA 4.0',
      licenseUrl: 'https://creativecommons.org/licenses/by-sa/4.0',
      attributionRequired: true,
      author: 'Ajay Suresh',
      trademarked: false,
      description:
        'The Apple Store on Fifth Avenue, New York City – the glass cube & the logo after the 2019 renovation.\nTaken at dusk.',
    });
    const webp = logos.find((l) => l.fileType === 'webp');
    expect(webp).toMatchObject({
      title: 'Apple logo on a MacBook lid',
      description: 'Backlit Apple logo on an aluminium MacBook Pro lid.',
    });
  });

  it('never lets hostile markup through, and gives null for missing metadata and thumbnails', async () => {
    const { logos } = await search('Netflix');
    const hq = logos.find((l) => l.title === 'Netflix headquarters, Los Gatos');
    expect(hq?.description).toBe('Netflix headquarters in Los Gatos, California & its sign.');
    expect(hq?.author).toBe('Coolcaesar');

    // thumberror instead of thumburl: the client falls back to the original.
    expect(logos.find((l) => l.title === 'Netflix 2014 N logo')?.thumbUrl).toBeNull();

    // No extmetadata at all.
    expect(logos.find((l) => l.title === 'Netflix red N')).toMatchObject({
      description: null,
      license: null,
      licenseUrl: null,
      author: null,
      attributionRequired: null,
      trademarked: false,
      fileType: 'png',
      dateAdded: '2020-08-14T06:06:06Z',
    });
    expect(logos.find((l) => l.fileType === 'gif')?.title).toBe('Netflix logo animation (2019)');
    expect(logos.find((l) => l.title === 'Netflix logo (2001–2014)')?.url).toBe(
      'https://upload.wikimedia.org/wikipedia/commons/1/1e/Netflix_logo_%282001%E2%80%932014%29.svg',
    );
  });

  it('skips files WikiLogos cannot show (PDF, video, TIFF) and pages without image info', async () => {
    const mozilla = await search('Mozilla');
    expect(mozilla.logos.map((l) => l.title)).not.toContain('Mozilla brand guidelines (2017)');
    expect(mozilla.logos.map((l) => l.title)).not.toContain('Mozilla logo animation');
    expect(mozilla.logos).toHaveLength(4);

    const microsoft = await search('Microsoft');
    expect(microsoft.logos.map((l) => l.title)).not.toContain('Microsoft logo scan (1975)');

    const apple = await search('Apple');
    expect(apple.logos.map((l) => l.title)).not.toContain('Apple logo (deleted upload)');
    expect(apple.logos).toHaveLength(6);
  });

  it('maps .jpeg files to jpg and reads the type from the MIME type', async () => {
    const { logos } = await search('Spotify');
    expect(logos.find((l) => l.title === 'Spotify logo horizontal black')?.fileType).toBe('jpg');
  });

  it('keeps only the requested file type', async () => {
    const { logos } = await search('Google', { fileType: 'png' });
    expect(logos.map((l) => l.title)).toEqual(['Google 2011 logo', 'Google Favicon 2015']);
    const svg = await search('Google', { fileType: 'svg' });
    expect(svg.logos.every((l) => l.fileType === 'svg')).toBe(true);
    expect(svg.logos).toHaveLength(3);
  });

  it('reports whether another page exists', async () => {
    expect((await search('Google', { page: 0 })).hasMore).toBe(true);
    const second = await search('Google', { page: 1 });
    expect(second.hasMore).toBe(false);
    expect(second.logos[0]?.title).toBe('Google wordmark 2015 (monochrome)');
    expect(fake.requests()[1]?.params.gsroffset).toBe('24');
  });

  it('returns nothing for a name without hits (no "query" key in the answer)', async () => {
    expect(await search('nosuchcompany')).toEqual({ logos: [], hasMore: false });
    expect(await search('Some name nobody recorded')).toEqual({ logos: [], hasMore: false });
  });

  it('reads the legacy formatversion=1 shape (pages keyed by id, booleans as "")', () => {
    const { logos, hasMore } = mapCommonsResponse(
      recording('commons-search-google-logo-fv1.json'),
      'Google',
    );
    expect(hasMore).toBe(true);
    expect(logos.map((l) => l.title)).toEqual([
      'Google 2015 logo',
      'Google "G" logo',
      'Google Chrome icon (February 2022)',
    ]);
    expect(logos[0]?.url).toBe(
      'https://upload.wikimedia.org/wikipedia/commons/2/2f/Google_2015_logo.svg',
    );

    const missing = mapCommonsResponse(
      {
        batchcomplete: '',
        query: {
          pages: { '-1': { ns: 6, title: 'File:Gone.svg', missing: '', imagerepository: '' } },
        },
      },
      'x',
    );
    expect(missing).toEqual({ logos: [], hasMore: false });
  });

  it('drops pages whose URLs are not http(s), and never emits a javascript: licence link', () => {
    const body = {
      query: {
        pages: [
          {
            title: 'File:Evil.svg',
            index: 1,
            imageinfo: [
              {
                url: 'https://upload.wikimedia.org/wikipedia/commons/a/ab/Evil.svg',
                descriptionurl: 'javascript:alert(1)',
                mime: 'image/svg+xml',
                extmetadata: {
                  LicenseUrl: { value: 'javascript:alert(1)' },
                  LicenseShortName: { value: 'CC0' },
                },
              },
            ],
          },
          {
            title: 'File:Worse.svg',
            index: 2,
            imageinfo: [{ url: 'javascript:alert(1)', mime: 'image/svg+xml' }],
          },
        ],
      },
    };
    const { logos } = mapCommonsResponse(body, 'Evil');
    expect(logos).toHaveLength(1);
    expect(logos[0]).toMatchObject({
      title: 'Evil',
      licenseUrl: null,
      sourceUrl: null,
      license: 'CC0',
      dateAdded: null,
      size: null,
    });
  });
});

describe('commons source: failures', () => {
  it.each([
    ['server-error', { kind: 'server-error' }],
    ['refused connection', { kind: 'refuse' }],
    ['HTML instead of JSON', { kind: 'html' }],
    ['truncated JSON', { kind: 'truncated' }],
    ['API error in HTTP 200', { kind: 'api-error' }],
    ['rate limit', { kind: 'rate-limit', retryAfterSeconds: 30 }],
  ] as const)('reports %s as SourceUnavailableError("commons")', async (_label, mode) => {
    fake.setMode(mode);
    const err: unknown = await search('Google').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SourceUnavailableError);
    expect(err).toMatchObject({
      source: 'commons',
      message: 'Wikimedia Commons is not reachable right now',
    });
    expect((err as SourceUnavailableError).cause).toBeInstanceOf(WikimediaError);
  });

  it('fails only the name whose requests fail', async () => {
    fake.setNameMode('apple', { kind: 'server-error' });
    await expect(search('Apple')).rejects.toBeInstanceOf(SourceUnavailableError);
    expect((await search('Google')).logos.length).toBeGreaterThan(0);
  });
});

describe('commons source: imageInfoByTitles', () => {
  it('looks up several files in one request, keyed by normalized title, skipping missing files', async () => {
    const infos = await commons.imageInfoByTitles([
      'Apple_logo_black.svg',
      'File:Apple Computer Logo rainbow.svg',
      'This logo does not exist.svg',
    ]);
    expect(fake.requests()).toHaveLength(1);
    expect(fake.requests()[0]?.params).toMatchObject({
      action: 'query',
      prop: 'imageinfo',
      titles:
        'File:Apple logo black.svg|File:Apple Computer Logo rainbow.svg|File:This logo does not exist.svg',
    });
    expect([...infos.keys()].sort()).toEqual([
      'File:Apple Computer Logo rainbow.svg',
      'File:Apple logo black.svg',
    ]);
    expect(infos.get('File:Apple logo black.svg')).toMatchObject({
      title: 'Apple logo black',
      url: 'https://upload.wikimedia.org/wikipedia/commons/f/fa/Apple_logo_black.svg',
      fileType: 'svg',
      license: 'Public domain',
      trademarked: true,
    });
  });

  it('asks only for files its recent searches did not describe', async () => {
    await search('Apple');
    fake.resetRequests();
    const infos = await commons.imageInfoByTitles([
      'Apple_logo_black.svg',
      'This logo does not exist.svg',
    ]);
    expect(fake.requests().map((r) => r.params.titles)).toEqual([
      'File:This logo does not exist.svg',
    ]);
    expect(infos.get('File:Apple logo black.svg')).toMatchObject({
      title: 'Apple logo black',
      license: 'Public domain',
      searchTerm: '',
    });
  });

  it('waits for the same name’s search that is running instead of asking for its files', async () => {
    const running = search('Apple');
    const infos = await commons.imageInfoByTitles(['Apple logo black.svg'], signal(), {
      searchedName: 'apple',
    });
    await running;
    expect(infos.get('File:Apple logo black.svg')?.title).toBe('Apple logo black');
    expect(fake.requests().map((r) => r.params.generator ?? r.params.titles)).toEqual(['search']);
  });

  it('sends nothing for an empty list and splits more than 50 titles into batches', async () => {
    expect((await commons.imageInfoByTitles([])).size).toBe(0);
    expect(fake.requests()).toHaveLength(0);
    const many = Array.from({ length: 60 }, (_, i) => `Logo ${i}.svg`);
    await commons.imageInfoByTitles(many);
    expect(fake.requests().map((r) => r.params.titles?.split('|').length)).toEqual([50, 10]);
  });

  it('reports failures as SourceUnavailableError("commons")', async () => {
    fake.setMode({ kind: 'server-error' });
    await expect(commons.imageInfoByTitles(['Apple logo black.svg'])).rejects.toMatchObject({
      source: 'commons',
    });
  });

  it('normalizes titles the way MediaWiki does', () => {
    expect(normalizeFileTitle('apple_logo_black.svg')).toBe('File:Apple logo black.svg');
    expect(normalizeFileTitle('Image:Foo  bar.png')).toBe('File:Foo bar.png');
    expect(normalizeFileTitle('file: Foo.svg')).toBe('File:Foo.svg');
  });
});
