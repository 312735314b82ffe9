import { describe, expect, it } from 'vitest';
import type { Logo } from '#shared/search/search.schemas.ts';
import {
  dateCutoff,
  filterLogos,
  activeFilterCount,
  chosenFileType,
  filterLabel,
  licenseFamily,
  NO_FILTERS,
  readFilters,
  unmatchedChoices,
  writeFilters,
} from './logo-filters.ts';

function logo(overrides: Partial<Logo>): Logo {
  return {
    title: 'Logo',
    url: `https://upload.wikimedia.org/wikipedia/commons/a/ab/${Math.random()}.svg`,
    thumbUrl: null,
    fileType: 'svg',
    dateAdded: null,
    description: null,
    size: null,
    width: null,
    height: null,
    license: null,
    sourceUrl: null,
    searchTerm: 'logo',
    source: 'commons',
    author: null,
    licenseUrl: null,
    attributionRequired: null,
    trademarked: false,
    official: false,
    historical: false,
    brandColor: null,
    guidelinesUrl: null,
    ...overrides,
  };
}

const NOW = new Date('2026-03-15T12:00:00Z');

describe('licenseFamily', () => {
  it.each([
    ['Public domain', 'public-domain'],
    ['Public Domain Mark 1.0', 'public-domain'],
    ['PD', 'public-domain'],
    ['PD-textlogo', 'public-domain'],
    ['CC0', 'public-domain'],
    ['CC0 1.0', 'public-domain'],
    ['Fair use', 'fair-use'],
    ['Non-free', 'fair-use'],
    ['CC BY 4.0', 'cc-by'],
    ['CC-BY-3.0', 'cc-by'],
    ['Creative Commons Attribution 2.0', 'cc-by'],
    ['CC BY-SA 4.0', 'cc-by-sa'],
    ['cc-by-sa-3.0', 'cc-by-sa'],
    ['CC BY-SA 2.5', 'cc-by-sa'],
  ] as const)('puts %s in the %s family', (name, family) => {
    expect(licenseFamily(name)).toBe(family);
  });

  it.each(['CC BY-NC 4.0', 'CC BY-ND 2.0', 'GFDL', 'Attribution', 'PDF', '', null])(
    'puts %s in no family',
    (name) => {
      expect(licenseFamily(name)).toBeNull();
    },
  );
});

describe('dateCutoff', () => {
  it('goes 30 or 90 days back, or one calendar year', () => {
    expect(dateCutoff('30d', NOW).toISOString()).toBe('2026-02-13T12:00:00.000Z');
    expect(dateCutoff('90d', NOW).toISOString()).toBe('2025-12-15T12:00:00.000Z');
    expect(dateCutoff('1y', NOW).toISOString()).toBe('2025-03-15T12:00:00.000Z');
  });
});

describe('filterLogos', () => {
  const svg = logo({ title: 'svg', fileType: 'svg' });
  const png = logo({ title: 'png', fileType: 'png' });
  const jpg = logo({ title: 'jpg', fileType: 'jpg' });

  it('keeps everything when no filter is active', () => {
    expect(filterLogos([svg, png, jpg], NO_FILTERS, NOW)).toEqual([svg, png, jpg]);
  });

  it('matches the file type exactly, ignoring case', () => {
    const upper = logo({ title: 'upper', fileType: 'PNG' as Logo['fileType'] });
    const result = filterLogos([svg, png, upper, jpg], { ...NO_FILTERS, fileType: ['png'] }, NOW);
    expect(result.map((l) => l.title)).toEqual(['png', 'upper']);
  });

  it('filters WebP results like the other file types', () => {
    const webp = logo({ title: 'webp', fileType: 'webp' });
    expect(
      filterLogos([svg, webp, png], { ...NO_FILTERS, fileType: ['webp'] }, NOW).map((l) => l.title),
    ).toEqual(['webp']);
    expect(filterLabel('fileType', 'webp', 'search')).toBe('WebP');
    expect(readFilters(new URLSearchParams('fileType=WEBP')).fileType).toEqual(['webp']);
    expect(chosenFileType(readFilters(new URLSearchParams('fileType=webp')))).toBe('webp');
  });

  it('keeps logos added on or after the cut-off and drops those without a valid date', () => {
    const onCutoff = logo({ title: 'on', dateAdded: '2026-02-13T12:00:00Z' });
    const recent = logo({ title: 'recent', dateAdded: '2026-03-01T00:00:00Z' });
    const old = logo({ title: 'old', dateAdded: '2026-02-13T11:59:59Z' });
    const undated = logo({ title: 'undated', dateAdded: null });
    const invalid = logo({ title: 'invalid', dateAdded: 'yesterday' });
    const result = filterLogos(
      [onCutoff, recent, old, undated, invalid],
      { ...NO_FILTERS, date: ['30d'] },
      NOW,
    );
    expect(result.map((l) => l.title)).toEqual(['on', 'recent']);
  });

  it('keeps logos whose license family is in the chosen set', () => {
    const pd = logo({ title: 'pd', license: 'Public domain' });
    const bySa = logo({ title: 'by-sa', license: 'CC BY-SA 4.0' });
    const by = logo({ title: 'by', license: 'CC BY 3.0' });
    const none = logo({ title: 'none', license: null });
    const gfdl = logo({ title: 'gfdl', license: 'GFDL' });
    const logos = [pd, bySa, by, none, gfdl];

    expect(
      filterLogos(logos, { ...NO_FILTERS, licenses: ['cc-by-sa'] }, NOW).map((l) => l.title),
    ).toEqual(['by-sa']);
    expect(
      filterLogos(logos, { ...NO_FILTERS, licenses: ['public-domain', 'cc-by'] }, NOW).map(
        (l) => l.title,
      ),
    ).toEqual(['pd', 'by']);
  });

  it('combines every active filter', () => {
    const match = logo({
      title: 'match',
      fileType: 'svg',
      license: 'CC0',
      dateAdded: '2026-03-01',
    });
    const wrongType = logo({ fileType: 'png', license: 'CC0', dateAdded: '2026-03-01' });
    const wrongDate = logo({ fileType: 'svg', license: 'CC0', dateAdded: '2020-01-01' });
    const wrongLicense = logo({ fileType: 'svg', license: 'CC BY 4.0', dateAdded: '2026-03-01' });
    expect(
      filterLogos(
        [match, wrongType, wrongDate, wrongLicense],
        { fileType: ['svg'], date: ['90d'], licenses: ['public-domain'] },
        NOW,
      ),
    ).toEqual([match]);
  });
});

describe('readFilters and writeFilters', () => {
  it('reads the filters from the address, ignoring unknown values', () => {
    expect(
      readFilters(
        new URLSearchParams(
          'q=google&fileType=PNG&dateFilter=90d&license=cc-by-sa,x,public-domain',
        ),
      ),
    ).toEqual({ fileType: ['png'], date: ['90d'], licenses: ['public-domain', 'cc-by-sa'] });
    expect(readFilters(new URLSearchParams('fileType=bmp&dateFilter=2d&license='))).toEqual(
      NO_FILTERS,
    );
  });

  it('writes active filters in canonical order and removes inactive ones', () => {
    const written = writeFilters(new URLSearchParams('q=google&fileType=svg&dateFilter=30d'), {
      fileType: [],
      date: ['1y'],
      licenses: ['cc-by-sa', 'public-domain'],
    });
    expect(written.toString()).toBe('q=google&dateFilter=1y&license=public-domain%2Ccc-by-sa');
    expect(writeFilters(written, NO_FILTERS).toString()).toBe('q=google');
  });

  it('round-trips', () => {
    const filters = { fileType: ['gif'], date: ['30d'], licenses: ['fair-use'] };
    expect(readFilters(writeFilters(new URLSearchParams(), filters))).toEqual(filters);
  });

  it('knows whether any filter is active', () => {
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...NO_FILTERS, licenses: ['cc-by', 'fair-use'] })).toBe(1);
    expect(activeFilterCount({ fileType: ['svg'], date: [], licenses: ['cc-by'] })).toBe(2);
  });
});

describe('unmatchedChoices', () => {
  const samples = [logo({ license: 'CC0-1.0' }), logo({ license: 'CC0-1.0', fileType: 'svg' })];

  it('names the choices no logo passes, with the reason', () => {
    expect(unmatchedChoices('fileType', samples, 'home', NOW)).toEqual({
      values: ['png', 'jpg'],
      reason: 'No PNG or JPG files among these logos.',
    });
    expect(unmatchedChoices('date', samples, 'home', NOW)).toEqual({
      values: ['30d', '90d', '1y'],
      reason: 'No dates for these logos.',
    });
    expect(unmatchedChoices('licenses', samples, 'search', NOW)).toEqual({
      values: ['fair-use', 'cc-by', 'cc-by-sa'],
      reason: 'None of these logos has a Fair Use, CC BY or CC BY-SA license.',
    });
  });

  it('says which dates match none when the logos have dates', () => {
    const dated = [logo({ dateAdded: '2026-01-01T00:00:00Z' })];
    expect(unmatchedChoices('date', dated, 'search', NOW)).toEqual({
      values: ['30d'],
      reason: 'None of these logos was added in the last 30 days.',
    });
  });

  it('disables nothing when every choice matches, or there are no logos', () => {
    expect(unmatchedChoices('licenses', [], 'home', NOW)).toBeNull();
    const all = ['public-domain', 'fair-use', 'cc-by', 'cc-by-sa'].map((family) =>
      logo({
        license: {
          'public-domain': 'CC0',
          'fair-use': 'Fair use',
          'cc-by': 'CC BY 4.0',
          'cc-by-sa': 'CC BY-SA 4.0',
        }[family],
      }),
    );
    expect(unmatchedChoices('licenses', all, 'home', NOW)).toBeNull();
  });
});
