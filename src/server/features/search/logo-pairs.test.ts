import { describe, expect, it } from 'vitest';
import { testLogo } from '#tests/fixtures/logo.fixture.ts';
import { pairVariants, readVariantTitle } from './logo-pairs.ts';

const logos = (...titles: string[]) => titles.map((title) => testLogo({ title }));

/** Each logo's title and the titles of its pair, as [title, light, dark]. */
const pairs = (input: string[]) =>
  pairVariants(logos(...input)).map((logo) => [
    logo.title,
    logo.variants?.light?.title ?? null,
    logo.variants?.dark?.title ?? null,
  ]);

describe('pairVariants', () => {
  it('pairs titles that differ only by a variant word, whatever its spelling', () => {
    expect(
      pairs([
        'Apple logo black',
        'Apple Computer Logo rainbow',
        'Apple logo white',
        'Netflix 2015 logo',
        'Netflix_2015_logo_(negative)',
        'Uber logo 2018',
        'Uber logo 2018 - white version',
        'Figma logo',
        'Figma logo for dark background',
      ]),
    ).toEqual([
      ['Apple logo black', 'Apple logo black', 'Apple logo white'],
      ['Apple Computer Logo rainbow', null, null],
      ['Apple logo white', 'Apple logo black', 'Apple logo white'],
      ['Netflix 2015 logo', 'Netflix 2015 logo', 'Netflix_2015_logo_(negative)'],
      ['Netflix_2015_logo_(negative)', 'Netflix 2015 logo', 'Netflix_2015_logo_(negative)'],
      ['Uber logo 2018', 'Uber logo 2018', 'Uber logo 2018 - white version'],
      ['Uber logo 2018 - white version', 'Uber logo 2018', 'Uber logo 2018 - white version'],
      ['Figma logo', 'Figma logo', 'Figma logo for dark background'],
      ['Figma logo for dark background', 'Figma logo', 'Figma logo for dark background'],
    ]);
  });

  it('makes no false pairs: other words, another product, a lone variant, black and white', () => {
    expect(
      pairs([
        'Google logo',
        'Google Maps logo white',
        'Google 2015 logo',
        'Google 2011 logo white',
        'Spotify logo horizontal black',
        'Pepsi logo black and white',
        'Pepsi logo',
      ]).filter(([, light, dark]) => light !== null || dark !== null),
    ).toEqual([]);
  });

  it('takes the best-ranked file for each background, and leaves the order and the rest alone', () => {
    const input = logos('Acme logo', 'Acme logo white', 'Acme logo (inverted)', 'Acme logo');
    input[3] = { ...input[3]!, url: 'https://upload.wikimedia.org/acme-logo.png', fileType: 'png' };
    const paired = pairVariants(input);
    expect(paired.map((logo) => logo.url)).toEqual(input.map((logo) => logo.url));
    expect(paired[0]!.variants).toEqual({
      light: {
        title: 'Acme logo',
        url: input[0]!.url,
        thumbUrl: null,
        fileType: 'svg',
        width: 300,
        height: 100,
        license: 'Public domain',
        licenseUrl: null,
        author: null,
        sourceUrl: input[0]!.sourceUrl,
      },
      dark: expect.objectContaining({ title: 'Acme logo white', url: input[1]!.url }),
    });
    expect(paired[1]!.variants).toEqual(paired[0]!.variants);
    expect(paired[2]!.variants).toBeUndefined();
    expect(paired[3]!.variants).toBeUndefined();
  });

  it('reads the variant word and the key of a title', () => {
    expect(readVariantTitle('Mozilla logo (Dark mode)')).toEqual({
      key: 'mozilla logo',
      tone: 'dark',
    });
    expect(readVariantTitle('Mozilla logo light')).toEqual({ key: 'mozilla logo', tone: 'light' });
    expect(readVariantTitle('Mozilla Foundation logo')).toEqual({
      key: 'mozilla foundation logo',
      tone: null,
    });
    expect(readVariantTitle('White')).toBeNull();
    expect(readVariantTitle('black & white')).toBeNull();
  });
});
