import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LogoSchema } from '#shared/search/search.schemas.ts';
import type { FileType } from '#shared/search/search.schemas.ts';
import { startWikimediaFake } from '#tests/fakes/wikimedia-fake.ts';
import type { WikimediaFake } from '#tests/fakes/wikimedia-fake.ts';
import { createWikimediaClient } from '../wikimedia-client.ts';
import { createCommonsSource } from './commons.ts';
import type { LogoSource } from './logo-source.ts';
import { SourceUnavailableError } from './logo-source.ts';
import { chooseItem, createWikidataSource, officialFilesOf, rankCandidates } from './wikidata.ts';

let fake: WikimediaFake;
let wikidata: LogoSource;

beforeAll(async () => {
  fake = await startWikimediaFake({ port: 0 });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  const client = createWikimediaClient({
    userAgent: 'WikiLogos-test/1.0 (test@example.org) vitest',
    timeoutMs: 2_000,
  });
  const commons = createCommonsSource({ client, apiUrl: fake.commonsApiUrl });
  wikidata = createWikidataSource({ client, apiUrl: fake.wikidataApiUrl, commons });
});

const search = (name: string, options: { fileType?: FileType; page?: number } = {}) =>
  wikidata.search({
    name,
    fileType: options.fileType ?? null,
    page: options.page ?? 0,
    signal: new AbortController().signal,
  });

describe('wikidata source', () => {
  it('is called "wikidata"', () => {
    expect(wikidata.name).toBe('wikidata');
  });

  it('picks Apple Inc. (Q312) over the fruit (Q89) and returns its P154 logos, current first', async () => {
    const { logos, hasMore } = await search('Apple');
    expect(hasMore).toBe(false);
    expect(logos.map((l) => [l.title, l.historical])).toEqual([
      ['Apple logo black', false],
      ['Apple Computer Logo rainbow', true],
    ]);
    for (const logo of logos) {
      expect(LogoSchema.parse(logo)).toEqual(logo);
      expect(logo).toMatchObject({ source: 'wikidata', official: true, searchTerm: 'Apple' });
    }
    expect(logos[0]).toMatchObject({
      url: 'https://upload.wikimedia.org/wikipedia/commons/f/fa/Apple_logo_black.svg',
      license: 'Public domain',
      trademarked: true,
      sourceUrl: 'https://commons.wikimedia.org/wiki/File:Apple_logo_black.svg',
    });

    // Three requests: search, claims of the likely candidates in one go, file info in one go.
    const requests = fake.requests();
    expect(requests.map((r) => [r.api, r.params.action])).toEqual([
      ['wikidata', 'wbsearchentities'],
      ['wikidata', 'wbgetentities'],
      ['commons', 'query'],
    ]);
    expect(requests[0]?.params).toMatchObject({
      search: 'Apple',
      language: 'en',
      uselang: 'en',
      type: 'item',
      format: 'json',
    });
    expect(requests[1]?.params).toMatchObject({
      ids: 'Q312',
      props: 'claims|labels|descriptions',
      languages: 'en',
    });
    expect(requests[2]?.params.titles).toBe(
      'File:Apple logo black.svg|File:Apple Computer Logo rainbow.svg',
    );
  });

  it('puts preferred statements first, marks ended ones historical and skips deprecated ones', async () => {
    const microsoft = await search('Microsoft');
    expect(microsoft.logos.map((l) => [l.title, l.historical])).toEqual([
      ['Microsoft logo (2012)', false],
      ['Microsoft logo (1987)', true],
    ]);
    // 'Microsoft logo and wordmark.svg' is a deprecated P154 statement: never even looked up.
    expect(fake.requests().at(-1)?.params.titles).not.toContain('wordmark');

    // The Invertocat statement has normal rank and no end date, but GitHub logo 2013 is
    // preferred: the preferred one is the current logo, the other a former one.
    const github = await search('GitHub');
    expect(github.logos.map((l) => [l.title, l.historical])).toEqual([
      ['GitHub logo 2013', false],
      ['GitHub Invertocat Logo', true],
    ]);

    const google = await search('Google');
    expect(google.logos.map((l) => [l.title, l.historical])).toEqual([
      ['Google 2015 logo', false],
      ['Google 2011 logo', true],
    ]);
  });

  it('picks the item named as typed (Pepsi) over its parent company and a sibling brand', async () => {
    const { logos } = await search('pepsi');
    expect(logos.map((l) => [l.title, l.fileType, l.historical])).toEqual([
      ['Pepsi logo (2023)', 'png', false],
      ['Pepsi logo 2014', 'svg', true],
      ['Pepsi-Cola logo (1950–1962)', 'svg', true],
    ]);
    // All three hits' claims come in one request; PepsiCo's logo is never looked up.
    expect(fake.requests().find((r) => r.params.action === 'wbgetentities')?.params.ids).toBe(
      'Q47719|Q334800|Q1541767',
    );
    expect(fake.requests().at(-1)?.params.titles).not.toContain('PepsiCo');
  });

  it('finds the official logos of every recorded company', async () => {
    const firsts: Record<string, string> = {
      Mozilla: 'Mozilla logo',
      Wikipedia: 'Wikipedia-logo-v2',
      Spotify: 'Spotify logo with text',
      Netflix: 'Netflix 2015 logo',
    };
    for (const [name, first] of Object.entries(firsts)) {
      const { logos } = await search(name);
      expect(logos[0]?.title, name).toBe(first);
      expect(
        logos.every((l) => l.official && l.source === 'wikidata'),
        name,
      ).toBe(true);
    }
  });

  it('keeps only the requested file type', async () => {
    const { logos } = await search('Wikipedia', { fileType: 'png' });
    expect(logos.map((l) => l.title)).toEqual(['Wikipedia-logo']);
    expect(fake.requests().at(-1)?.params.titles).toBe('File:Wikipedia-logo.png');

    fake.resetRequests();
    expect((await search('Apple', { fileType: 'gif' })).logos).toEqual([]);
    // Neither P154 file is a GIF: Commons is not asked.
    expect(fake.requests().map((r) => r.api)).toEqual(['wikidata', 'wikidata']);
  });

  it('answers only the first page, without calling Wikidata for later ones', async () => {
    expect(await search('Apple', { page: 1 })).toEqual({ logos: [], hasMore: false });
    expect(fake.requests()).toHaveLength(0);
  });

  it('returns nothing for a name Wikidata does not know, after one request', async () => {
    expect(await search('nosuchcompany')).toEqual({ logos: [], hasMore: false });
    expect(fake.requests()).toHaveLength(1);
  });

  it('reports Wikidata failures as SourceUnavailableError("wikidata")', async () => {
    fake.setApiMode('wikidata', { kind: 'server-error' });
    const err: unknown = await search('Apple').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SourceUnavailableError);
    expect(err).toMatchObject({
      source: 'wikidata',
      message: 'Wikidata is not reachable right now',
    });
  });

  it('reports a Commons failure while resolving the files as SourceUnavailableError("wikidata")', async () => {
    fake.setApiMode('commons', { kind: 'html' });
    await expect(search('Apple')).rejects.toMatchObject({ source: 'wikidata' });
  });

  it('reports an unexpected answer shape as unavailable rather than crashing', async () => {
    fake.setApiMode('wikidata', { kind: 'truncated' });
    await expect(search('Apple')).rejects.toMatchObject({ source: 'wikidata' });
  });
});

describe('choosing the item and reading P154', () => {
  const item = (id: string) => ({ 'entity-type': 'item', id });
  const statement = (property: string, value: unknown, extra: Record<string, unknown> = {}) => ({
    mainsnak: { snaktype: 'value', property, datavalue: { value } },
    type: 'statement',
    rank: 'normal',
    ...extra,
  });
  const time = (property: string, year: number) => ({
    snaktype: 'value',
    property,
    datavalue: { value: { time: `+${year}-00-00T00:00:00Z`, precision: 9 } },
  });

  it('drops hits that are clearly not a company and ranks company-like descriptions first', () => {
    const ranked = rankCandidates(
      [
        { id: 'Q1', description: 'fruit of the apple tree' },
        { id: 'Q2', description: 'Wikimedia disambiguation page' },
        { id: 'Q3', description: 'male given name' },
        { id: 'Q4', description: 'song by The Beatles' },
        { id: 'Q5' },
        { id: 'Q6', description: 'American multinational technology company' },
        { id: 'P7', description: 'a property, not an item' },
      ],
      'apple',
    );
    expect(ranked.map((c) => c.id)).toEqual(['Q6', 'Q5']);
  });

  it('prefers a candidate with a logo and a brand-like class over an earlier one without either', () => {
    const candidates = rankCandidates(
      [
        { id: 'Q10', description: 'software company' },
        { id: 'Q11', description: 'technology company' },
        { id: 'Q12', description: 'technology corporation' },
      ],
      'acme',
    );
    const entities = {
      // A logo, but an instance of "painting": not the brand.
      Q10: {
        claims: {
          P31: [statement('P31', item('Q3305213'))],
          P154: [statement('P154', 'Painting.svg')],
        },
      },
      // A company without a logo.
      Q11: { claims: { P31: [statement('P31', item('Q783794'))] } },
      Q12: {
        claims: {
          P31: [statement('P31', item('Q891723'))],
          P154: [statement('P154', 'Right.svg')],
        },
      },
    };
    expect(officialFilesOf(chooseItem(candidates, entities) ?? {})).toEqual([
      { title: 'File:Right.svg', historical: false },
    ]);

    // Without any brand-like class, a logo on an item described as a company still counts.
    const { Q12: _company, ...withoutCompany } = entities;
    expect(officialFilesOf(chooseItem(candidates, withoutCompany) ?? {})).toEqual([
      { title: 'File:Painting.svg', historical: false },
    ]);
    expect(
      chooseItem(rankCandidates([{ id: 'Q13' }], 'acme'), {
        Q13: { claims: { P154: [statement('P154', 'X.svg')] } },
      }),
    ).toBeNull();
  });

  it('orders current before former logos, preferred before normal, most recently retired first', () => {
    const claims = {
      P154: [
        statement('P154', 'Oldest.svg', {
          qualifiers: { P580: [time('P580', 1970)], P582: [time('P582', 1980)] },
        }),
        statement('P154', 'Normal current.svg'),
        statement('P154', 'Wrong.svg', { rank: 'deprecated' }),
        statement('P154', 'Older.svg', { qualifiers: { P582: [time('P582', 1999)] } }),
        statement('P154', 'Preferred current.svg', { rank: 'preferred' }),
        // An end time of "no value" means it has not ended.
        statement('P154', 'Still used.svg', {
          qualifiers: { P582: [{ snaktype: 'novalue', property: 'P582' }] },
        }),
        // An unknown end time still means it ended.
        statement('P154', 'Ended sometime.svg', {
          qualifiers: { P582: [{ snaktype: 'somevalue', property: 'P582' }] },
        }),
        { mainsnak: { snaktype: 'novalue', property: 'P154' }, type: 'statement', rank: 'normal' },
        { garbage: true },
      ],
    };
    // A preferred statement is the current logo: normal-rank ones are former even without an end.
    expect(officialFilesOf(claims)).toEqual([
      { title: 'File:Preferred current.svg', historical: false },
      { title: 'File:Older.svg', historical: true },
      { title: 'File:Oldest.svg', historical: true },
      { title: 'File:Normal current.svg', historical: true },
      { title: 'File:Still used.svg', historical: true },
      { title: 'File:Ended sometime.svg', historical: true },
    ]);
    // Without a preferred statement, every logo without an end time is current.
    const withoutPreferred = {
      P154: claims.P154.filter((s) => !('rank' in s) || s.rank !== 'preferred'),
    };
    expect(officialFilesOf(withoutPreferred).filter((f) => !f.historical)).toEqual([
      { title: 'File:Normal current.svg', historical: false },
      { title: 'File:Still used.svg', historical: false },
    ]);
  });

  // P154 of a brand as Wikidata returns it: the 2023 logo uploaded as PNG is preferred; the 2014
  // vector logo still has normal rank and no end time, because nobody added one.
  const pepsiLogos = {
    P154: [
      {
        mainsnak: {
          snaktype: 'value',
          property: 'P154',
          hash: '5b9e0c0b5f0e7c1a2f3d4e5f60718293a4b5c6d7',
          datavalue: { value: 'Pepsi logo 2014.svg', type: 'string' },
          datatype: 'commonsMedia',
        },
        type: 'statement',
        qualifiers: { P580: [{ ...time('P580', 2014), datatype: 'time' }] },
        'qualifiers-order': ['P580'],
        id: 'Q47719$8C0A6C5E-2F2B-4B8E-9C1D-0B9E6F1A2C31',
        rank: 'normal',
      },
      {
        mainsnak: {
          snaktype: 'value',
          property: 'P154',
          hash: '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c',
          datavalue: { value: 'Pepsi logo (2023).png', type: 'string' },
          datatype: 'commonsMedia',
        },
        type: 'statement',
        qualifiers: { P580: [{ ...time('P580', 2023), datatype: 'time' }] },
        'qualifiers-order': ['P580'],
        id: 'Q47719$1D7B9E2A-6C4F-4A3B-8E5D-7F0C2B9A4E12',
        rank: 'preferred',
      },
      {
        mainsnak: {
          snaktype: 'value',
          property: 'P154',
          hash: '9a8b7c6d5e4f30211203f4e5d6c7b8a99a8b7c6d',
          datavalue: { value: 'Pepsi-Cola logo (1950–1962).svg', type: 'string' },
          datatype: 'commonsMedia',
        },
        type: 'statement',
        qualifiers: {
          P580: [{ ...time('P580', 1950), datatype: 'time' }],
          P582: [{ ...time('P582', 1962), datatype: 'time' }],
        },
        'qualifiers-order': ['P580', 'P582'],
        id: 'Q47719$3E5F7A9B-0C2D-4E6F-8A1B-3C5D7E9F0A24',
        rank: 'normal',
      },
    ],
  };

  it('takes a preferred logo as the current one and normal-rank ones without an end as former', () => {
    expect(officialFilesOf(pepsiLogos)).toEqual([
      { title: 'File:Pepsi logo (2023).png', historical: false },
      // Former logos, latest first: the one used from 2014 before the one that ended in 1962.
      { title: 'File:Pepsi logo 2014.svg', historical: true },
      { title: 'File:Pepsi-Cola logo (1950–1962).svg', historical: true },
    ]);
  });

  it('keeps normal-rank logos current when the only preferred one has ended', () => {
    const [p2014, p2023, p1950] = pepsiLogos.P154;
    const endedPreferred = {
      ...p2023!,
      qualifiers: { ...p2023!.qualifiers, P582: [{ ...time('P582', 2024), datatype: 'time' }] },
    };
    expect(officialFilesOf({ P154: [p2014, endedPreferred, p1950] })).toEqual([
      { title: 'File:Pepsi logo 2014.svg', historical: false },
      { title: 'File:Pepsi logo (2023).png', historical: true },
      { title: 'File:Pepsi-Cola logo (1950–1962).svg', historical: true },
    ]);
  });

  // wbsearchentities for "pepsi": the drink first, then its maker and a sibling product, each
  // with the `match` Wikidata returns (what the search matched: a label or an alias, and its text).
  const pepsiHits = [
    {
      id: 'Q47719',
      label: 'Pepsi',
      description: 'carbonated soft drink produced by PepsiCo',
      match: { type: 'label', language: 'en', text: 'Pepsi' },
      aliases: ['Pepsi-Cola'],
    },
    {
      id: 'Q334800',
      label: 'PepsiCo',
      description: 'American multinational food, snack, and beverage corporation',
      match: { type: 'label', language: 'en', text: 'PepsiCo' },
    },
    {
      id: 'Q1541767',
      label: 'Pepsi Max',
      description: 'zero-sugar cola brand by PepsiCo',
      match: { type: 'label', language: 'en', text: 'Pepsi Max' },
    },
  ];
  const pepsiEntities = {
    // Instance of "cola": no class from the brand list, and a description without brand words.
    Q47719: { id: 'Q47719', claims: { P31: [statement('P31', item('Q134041'))], ...pepsiLogos } },
    Q334800: {
      id: 'Q334800',
      claims: {
        P31: [statement('P31', item('Q891723')), statement('P31', item('Q4830453'))],
        P154: [statement('P154', 'PepsiCo logo.svg', { rank: 'preferred' })],
      },
    },
    Q1541767: {
      id: 'Q1541767',
      claims: {
        P31: [statement('P31', item('Q431289'))],
        P154: [statement('P154', 'Pepsi Max logo.svg')],
      },
    },
  };

  it('picks the item named as typed over a parent company or sibling with a better description', () => {
    for (const typed of ['pepsi', 'Pepsi', 'PEPSI', 'pepsi-cola', 'Pepsi Cola']) {
      const hits = typed.toLowerCase().includes('cola')
        ? pepsiHits.map((hit) =>
            hit.id === 'Q47719'
              ? { ...hit, match: { type: 'alias', language: 'en', text: 'Pepsi-Cola' } }
              : hit,
          )
        : pepsiHits;
      const candidates = rankCandidates(hits, typed);
      expect(candidates[0]?.id, typed).toBe('Q47719');
      expect(officialFilesOf(chooseItem(candidates, pepsiEntities) ?? {})[0], typed).toEqual({
        title: 'File:Pepsi logo (2023).png',
        historical: false,
      });
    }
    // The parent is still found when it is what was typed.
    const pepsico = rankCandidates(
      [
        pepsiHits[1]!,
        { ...pepsiHits[0]!, match: { type: 'alias', language: 'en', text: 'Pepsi-Cola' } },
      ],
      'PepsiCo',
    );
    expect(chooseItem(pepsico, pepsiEntities)).toBe(pepsiEntities.Q334800.claims);
  });

  it('counts a matching alias as naming the item, and still drops hits that are not brands', () => {
    // "apple": the fruit's label matches, but its description rules it out; Apple Inc. is named
    // by its alias.
    const candidates = rankCandidates(
      [
        {
          id: 'Q89',
          label: 'apple',
          description: 'fruit of the apple tree',
          match: { type: 'label', language: 'en', text: 'apple' },
        },
        {
          id: 'Q213710',
          label: 'Apple Records',
          description: 'British record label founded by the Beatles',
          match: { type: 'label', language: 'en', text: 'Apple Records' },
        },
        {
          id: 'Q312',
          label: 'Apple Inc.',
          description: 'American multinational technology company',
          match: { type: 'alias', language: 'en', text: 'Apple' },
          aliases: ['Apple'],
        },
      ],
      'Apple',
    );
    expect(candidates.map((c) => c.id)).toEqual(['Q312', 'Q213710']);

    // Answers without `match` (older API versions) are read from the label and aliases.
    const withoutMatch = rankCandidates(
      [
        { id: 'Q334800', label: 'PepsiCo', description: 'American beverage corporation' },
        { id: 'Q47719', label: 'Pepsi', description: 'carbonated soft drink' },
      ],
      'pepsi',
    );
    expect(withoutMatch.map((c) => [c.id, c.named])).toEqual([
      ['Q47719', true],
      ['Q334800', false],
    ]);
  });
});
