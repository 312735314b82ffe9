import { describe, expect, it } from 'vitest';
import {
  BATCH_ZIP_NAME,
  SAMPLES_ZIP_NAME,
  consolidatedSheetName,
  createUniqueNamer,
  isSvgLogo,
  logoFileName,
} from './zip-names.ts';

describe('logoFileName', () => {
  it('replaces every non-alphanumeric character of the title with an underscore and lowercases it', () => {
    expect(
      logoFileName({
        title: 'Google "G" logo (2015)',
        url: 'https://upload.wikimedia.org/wikipedia/commons/c/c1/Google_%22G%22_logo.svg',
      }),
    ).toBe('google__g__logo__2015_.svg');
  });

  it('takes the extension from the url, ignoring its query string and fragment', () => {
    expect(
      logoFileName({
        title: 'Google Favicon 2015',
        url: 'https://upload.wikimedia.org/wikipedia/commons/4/4d/Google_Favicon_2015.PNG?utm_source=commons.wikimedia.org',
      }),
    ).toBe('google_favicon_2015.png');
    expect(logoFileName({ title: 'Photo', url: 'https://example.org/a/photo.jpeg' })).toBe(
      'photo.jpeg',
    );
    expect(logoFileName({ title: 'Photo', url: 'https://example.org/a/photo.JPG#top' })).toBe(
      'photo.jpg',
    );
    expect(logoFileName({ title: 'Anim', url: 'https://example.org/a/anim.gif' })).toBe('anim.gif');
    expect(logoFileName({ title: 'GitHub', url: '/api/icons/github.svg' })).toBe('github.svg');
  });

  it('does not take an extension from the query string', () => {
    expect(logoFileName({ title: 'Acme', url: 'https://example.org/file?format=png' })).toBe(
      'acme.svg',
    );
  });

  it('falls back to a word in the title, then to .svg', () => {
    expect(logoFileName({ title: 'Acme logo png', url: 'https://example.org/file?id=1' })).toBe(
      'acme_logo_png.png',
    );
    expect(logoFileName({ title: 'Acme', url: 'https://example.org/file?id=1' })).toBe('acme.svg');
  });

  it('does not repeat an extension the title already ends with', () => {
    expect(
      logoFileName({
        title: 'Google 2015 logo.svg',
        url: 'https://upload.wikimedia.org/wikipedia/commons/2/2f/Google_2015_logo.svg',
      }),
    ).toBe('google_2015_logo.svg');
  });

  it('turns every non-ASCII character of a unicode title into an underscore', () => {
    expect(logoFileName({ title: 'Nestlé Ünïcode 日本', url: 'https://example.org/n.svg' })).toBe(
      'nestl___n_code___.svg',
    );
    // An emoji is two UTF-16 code units: two underscores, as the per-character rule on JS strings gives.
    expect(logoFileName({ title: 'A🙂', url: 'https://example.org/a.png' })).toBe('a__.png');
  });

  it('never produces an empty name', () => {
    expect(logoFileName({ title: '', url: 'https://example.org/x.svg' })).toBe('logo.svg');
  });
});

describe('createUniqueNamer', () => {
  it('keeps the first name and numbers the repeats from 2', () => {
    const unique = createUniqueNamer();
    expect(unique('google_logo.svg')).toBe('google_logo.svg');
    expect(unique('google_logo.svg')).toBe('google_logo_2.svg');
    expect(unique('google_logo.svg')).toBe('google_logo_3.svg');
    expect(unique('apple.png')).toBe('apple.png');
  });

  it('compares names case-insensitively', () => {
    const unique = createUniqueNamer();
    expect(unique('Logo.svg')).toBe('Logo.svg');
    expect(unique('logo.SVG')).toBe('logo_2.SVG');
  });

  it('skips a number that another entry already took', () => {
    const unique = createUniqueNamer();
    expect(unique('a_2.svg')).toBe('a_2.svg');
    expect(unique('a.svg')).toBe('a.svg');
    expect(unique('a.svg')).toBe('a_3.svg');
  });

  it('handles names without an extension', () => {
    const unique = createUniqueNamer();
    expect(unique('README')).toBe('README');
    expect(unique('README')).toBe('README_2');
  });

  it('starts afresh for every archive', () => {
    expect(createUniqueNamer()('x.svg')).toBe('x.svg');
    expect(createUniqueNamer()('x.svg')).toBe('x.svg');
  });
});

describe('archive and sheet names', () => {
  it('uses the product names for the zips', () => {
    expect(BATCH_ZIP_NAME).toBe('wikilogos_batch.zip');
    expect(SAMPLES_ZIP_NAME).toBe('WikiLogos_batch_download.zip');
  });

  it('dates the consolidated sheet in UTC', () => {
    expect(consolidatedSheetName(new Date('2026-11-21T23:59:59Z'))).toBe(
      'consolidated_logos-2026-11-21.svg',
    );
    expect(consolidatedSheetName(new Date('2026-11-21T23:30:00-05:00'))).toBe(
      'consolidated_logos-2026-11-22.svg',
    );
  });
});

describe('isSvgLogo', () => {
  it("counts a logo as SVG when its url or title contains 'svg' in any case", () => {
    expect(isSvgLogo({ title: 'Google', url: 'https://example.org/google.svg' })).toBe(true);
    expect(isSvgLogo({ title: 'Google logo.SVG', url: 'https://example.org/file?id=1' })).toBe(
      true,
    );
    expect(isSvgLogo({ title: 'Google', url: 'https://example.org/google.png' })).toBe(false);
    expect(isSvgLogo({ title: 'Google', url: 'https://example.org/SVG/google.png' })).toBe(true);
  });
});
