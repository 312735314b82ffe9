import { describe, expect, it } from 'vitest';
import { describeTitle, rankGroup, rankLogos } from './ranking.ts';
import { testLogo } from '#tests/fixtures/logo.fixture.ts';
import { searchIcons } from './sources/simple-icons.ts';

const titles = (logos: { title: string }[]) => logos.map((l) => l.title);

// The recorded Commons answer for 'Google logo' (two pages of six), in Commons' order.
const googleCommons = [
  testLogo({ title: 'Google 2015 logo.svg', width: 272, height: 92, size: 6187 }),
  testLogo({ title: 'Google "G" logo.svg', width: 512, height: 512, size: 2013 }),
  testLogo({ title: 'Google Chrome icon (February 2022).svg', width: 48, height: 48 }),
  testLogo({
    title: 'Googleplex sign, Mountain View (2023).jpg',
    width: 5184,
    height: 3456,
    size: 4_211_877,
  }),
  testLogo({ title: 'Google 2011 logo.png', width: 1024, height: 358, size: 61_573 }),
  testLogo({ title: 'Google Favicon 2015.png', width: 192, height: 192, size: 5204 }),
  testLogo({ title: 'Google wordmark 2015 (monochrome).svg' }),
  testLogo({ title: 'Google Photos icon (2020).svg' }),
  testLogo({
    title: 'Google logo on stage at Google I-O 2019.jpg',
    width: 4000,
    height: 2250,
    size: 2_967_410,
  }),
  testLogo({ title: 'Google Cloud logo.svg', width: 560, height: 90 }),
];

describe('describeTitle', () => {
  it('treats the name with “logo”, a year or a company suffix as an exact match', () => {
    expect(describeTitle('Google 2015 logo.svg', 'google').exact).toBe(true);
    expect(describeTitle('File:Google_logo_(2015–present).svg', 'Google').exact).toBe(true);
    expect(describeTitle('Apple Inc. logo.svg', 'apple').exact).toBe(true);
    expect(describeTitle('Googlelogo.png', 'google').exact).toBe(true);
    expect(describeTitle('GitHub.svg', 'github').exact).toBe(true);
  });

  it('does not treat other products or look-alike words as the name', () => {
    expect(describeTitle('Google Cloud logo.svg', 'google')).toEqual({
      containsName: true,
      hasLogoWord: true,
      exact: false,
      describesScene: false,
    });
    expect(describeTitle('Pineapple logo.svg', 'apple').containsName).toBe(false);
    expect(describeTitle('Googleplex sign.jpg', 'google').containsName).toBe(false);
  });
});

describe('rankLogos', () => {
  it('puts the current official logo first, then former official logos', () => {
    const official = testLogo({
      title: 'Google 2015 logo.svg',
      source: 'wikidata',
      official: true,
    });
    const former = testLogo({
      title: 'Google 1998 logo.png',
      source: 'wikidata',
      official: true,
      historical: true,
    });
    const ranked = rankLogos([...googleCommons, former, official], 'google', { allFormats: true });
    expect(ranked[0]).toBe(official);
    expect(ranked[1]).toBe(former);
  });

  it('puts an official current logo first whatever its format, then former ones in Wikidata’s order', () => {
    // The Wikidata source's answer for 'pepsi': the preferred PNG, then former logos latest first.
    const current = testLogo({
      title: 'Pepsi logo (2023).png',
      fileType: 'png',
      source: 'wikidata',
      official: true,
    });
    const formerPng = testLogo({
      title: 'Pepsi logo (2008–2014).png',
      fileType: 'png',
      source: 'wikidata',
      official: true,
      historical: true,
    });
    const formerSvg = testLogo({
      title: 'Pepsi-Cola logo (1950–1962).svg',
      source: 'wikidata',
      official: true,
      historical: true,
    });
    const commons = [
      testLogo({ title: 'Pepsi logo.svg' }), // exact name, vector
      testLogo({ title: 'Pepsi Max logo.svg' }),
      testLogo({ title: 'PepsiCo logo.svg' }),
    ];
    const ranked = rankLogos([...commons, current, formerPng, formerSvg], 'pepsi', {
      allFormats: true,
    });
    expect(titles(ranked)).toEqual([
      'Pepsi logo (2023).png',
      'Pepsi logo (2008–2014).png',
      'Pepsi-Cola logo (1950–1962).svg',
      'Pepsi logo.svg',
      'Pepsi Max logo.svg',
      'PepsiCo logo.svg',
    ]);
  });

  it('without Wikidata, still starts with the Google logo and ends with photographs', () => {
    const ranked = rankLogos(googleCommons, 'google', { allFormats: true });
    expect(titles(ranked)).toEqual([
      'Google 2015 logo.svg', // exact, vector
      'Google wordmark 2015 (monochrome).svg',
      'Google 2011 logo.png', // exact, raster
      'Google "G" logo.svg', // name and 'logo'
      'Google Cloud logo.svg',
      'Google Chrome icon (February 2022).svg', // weak: vector first, then Commons' order
      'Google Photos icon (2020).svg',
      'Google Favicon 2015.png',
      'Googleplex sign, Mountain View (2023).jpg', // photographs
      'Google logo on stage at Google I-O 2019.jpg',
    ]);
  });

  it('keeps Commons’ order when a file type is chosen, instead of vector first', () => {
    const pngs = googleCommons.filter((l) => l.fileType === 'png');
    const weak = [pngs[1]!, googleCommons[2]!];
    expect(titles(rankLogos(weak, 'google', { allFormats: false }))).toEqual([
      'Google Favicon 2015.png',
      'Google Chrome icon (February 2022).svg',
    ]);
  });

  it('for “github” the GitHub logo comes first, the clean catalogue icon before weak matches', () => {
    const commons = [
      testLogo({ title: 'Octicons-mark-github.svg' }),
      testLogo({
        title: 'GitHub Universe 2019 keynote.jpg',
        width: 6000,
        height: 4000,
        size: 3_000_000,
      }),
      testLogo({ title: 'GitHub Desktop logo.svg' }),
      testLogo({ title: 'GitHub logo 2013.svg' }),
      testLogo({ title: 'Github-octocat.png', width: 400, height: 400 }),
    ];
    const icons = searchIcons('github');
    const ranked = rankLogos([...icons, ...commons], 'github', { allFormats: true });
    expect(ranked[0]?.title).toBe('GitHub logo 2013.svg');
    expect(ranked[1]?.title).toBe('GitHub Desktop logo.svg');
    expect(ranked[2]).toMatchObject({ title: 'GitHub', source: 'simple-icons' });
    expect(ranked.findIndex((l) => l.title === 'Octicons-mark-github.svg')).toBeGreaterThan(
      ranked.findIndex((l) => l.source === 'simple-icons' && l.title === 'GitHub Sponsors'),
    );
    expect(ranked.at(-1)?.title).toBe('GitHub Universe 2019 keynote.jpg');
  });

  it('for “apple” an Apple Inc. logo comes first, not the fruit', () => {
    const commons = [
      testLogo({ title: 'Red Apple.jpg', width: 2400, height: 2400, size: 1_800_000 }),
      testLogo({ title: 'Pineapple logo.svg' }),
      testLogo({ title: 'Apple Records logo.svg' }),
      testLogo({ title: 'Apple Computer Logo rainbow.svg' }),
      testLogo({ title: 'Apple logo black.svg' }),
    ];
    const official = testLogo({
      title: 'Apple logo black.svg',
      source: 'wikidata',
      official: true,
    });
    const withWikidata = rankLogos([official, ...commons], 'apple', { allFormats: true });
    expect(withWikidata[0]).toBe(official);

    const commonsOnly = rankLogos(commons, 'apple', { allFormats: true });
    // Without Wikidata the plain Apple logo (in any colour) still beats Apple Records.
    expect(commonsOnly[0]?.title).toBe('Apple logo black.svg');
    expect(titles(commonsOnly).indexOf('Apple Records logo.svg')).toBeGreaterThan(0);
    expect(commonsOnly.at(-1)?.title).toBe('Red Apple.jpg');
    expect(rankGroup(commons[1]!, 'apple')).toBe('weak-match');
  });

  it('is stable: logos of one kind keep the order the sources gave', () => {
    const a = testLogo({ title: 'Mozilla logo A.svg' });
    const b = testLogo({ title: 'Mozilla logo B.svg' });
    const c = testLogo({ title: 'Mozilla logo C.svg' });
    expect(rankLogos([b, c, a], 'mozilla', { allFormats: true })).toEqual([b, c, a]);
  });

  it('counts a small JPEG logo as a logo, not a photograph', () => {
    const jpeg = testLogo({ title: 'Netflix logo.jpg', width: 800, height: 300, size: 40_000 });
    expect(rankGroup(jpeg, 'netflix')).toBe('exact-name');
    const bigExact = testLogo({
      title: 'Netflix logo.jpg',
      width: 3000,
      height: 1000,
      size: 900_000,
    });
    expect(rankGroup(bigExact, 'netflix')).toBe('exact-name');
    const shop = testLogo({
      title: 'Netflix office Los Gatos.jpg',
      width: 1200,
      height: 800,
      size: 300_000,
    });
    expect(rankGroup(shop, 'netflix')).toBe('photograph');
    const lid = testLogo({
      title: 'Apple logo on a MacBook lid.webp',
      width: 1600,
      height: 1067,
      size: 96_120,
    });
    expect(rankGroup(lid, 'apple')).toBe('photograph');
    const horizontal = testLogo({
      title: 'Spotify logo horizontal black.jpg',
      width: 1200,
      height: 360,
      size: 41_220,
    });
    expect(rankGroup(horizontal, 'spotify')).toBe('name-and-logo');
  });
});
