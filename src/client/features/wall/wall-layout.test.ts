import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WALL_SETTINGS,
  autoColumns,
  balancedArea,
  balancedSize,
  colourFilterMarkup,
  layoutWall,
  logoForBackground,
} from './wall-layout.ts';
import { testLogo } from '#tests/fixtures/logo.fixture.ts';

const box = { width: 200, height: 100 };
const area = (size: { width: number; height: number }) => size.width * size.height;

describe('balancedSize', () => {
  const aspects = [1, 4, 2, 0.5];
  const common = balancedArea(aspects, box);

  it('at "same width" makes every logo as wide as the box, unless it is too tall for it', () => {
    expect(balancedSize(4, box, 0, common)).toEqual({ width: 200, height: 50 });
    expect(balancedSize(2, box, 0, common)).toEqual({ width: 200, height: 100 });
    expect(balancedSize(1, box, 0, common)).toEqual({ width: 100, height: 100 });
  });

  it('at "same visual weight" gives a wordmark and a square mark the same area', () => {
    const sizes = aspects.map((aspect) => balancedSize(aspect, box, 1, common));
    for (const size of sizes) expect(area(size)).toBeCloseTo(common, 6);
    // The wordmark is wider and lower than the square mark, as √aspect says.
    expect(sizes[1]!.width / sizes[0]!.width).toBeCloseTo(2, 6);
    for (const size of sizes) {
      expect(size.width).toBeLessThanOrEqual(box.width + 1e-9);
      expect(size.height).toBeLessThanOrEqual(box.height + 1e-9);
    }
  });

  it('moves steadily between the two and keeps each logo in its box', () => {
    const half = balancedSize(4, box, 0.5, common);
    expect(half.width).toBeLessThan(200);
    expect(half.width).toBeGreaterThan(balancedSize(4, box, 1, common).width);
    expect(half.width / half.height).toBeCloseTo(4, 6);
  });

  it('does not let one extreme logo shrink the rest below a fifth of the box', () => {
    const shared = balancedArea([1, 40], box);
    expect(shared).toBeCloseTo(0.2 * 200 * 100, 6);
    const banner = balancedSize(40, box, 1, shared);
    expect(banner.width).toBeCloseTo(200, 6);
  });
});

describe('layoutWall', () => {
  it('lays the cells out left to right with the gap around and between them', () => {
    const settings = {
      ...DEFAULT_WALL_SETTINGS,
      columns: 3,
      gap: 10,
      padding: 0,
      aspect: '2:1' as const,
    };
    const wall = layoutWall([1, 1, 1, 1], settings);
    expect(wall.columns).toBe(3);
    expect(wall.width).toBe(3 * 240 + 4 * 10);
    expect(wall.height).toBe(2 * 120 + 3 * 10);
    expect(wall.cells[3]).toEqual({ x: 10, y: 140, width: 240, height: 120 });
    // A square logo sits in the middle of its cell.
    const logo = wall.logos[0]!;
    expect(logo.x + logo.width / 2).toBeCloseTo(10 + 120, 6);
    expect(logo.y + logo.height / 2).toBeCloseTo(10 + 60, 6);
  });

  it('picks a wide band of columns on auto, never more than there are logos', () => {
    expect(autoColumns(1, 2)).toBe(1);
    expect(autoColumns(10, 2)).toBe(5);
    expect(autoColumns(100, 2)).toBeGreaterThanOrEqual(10);
    expect(layoutWall([1, 2], { ...DEFAULT_WALL_SETTINGS, columns: 6 }).columns).toBe(2);
  });
});

describe('colourFilterMarkup', () => {
  it('floods each logo with one colour, or takes the colour out', () => {
    expect(colourFilterMarkup('original')).toBeNull();
    expect(colourFilterMarkup('#336699')).toContain('flood-color="#336699"');
    expect(colourFilterMarkup('greyscale')).toContain('type="saturate" values="0"');
  });
});

describe('logoForBackground', () => {
  const white = {
    title: 'Uber logo 2018 (white).svg',
    url: 'https://upload.wikimedia.org/u/white.svg',
    thumbUrl: null,
    fileType: 'svg' as const,
    width: 300,
    height: 100,
    license: 'Public domain',
    licenseUrl: null,
    author: null,
    sourceUrl: null,
  };
  const paired = testLogo({
    title: 'Uber logo 2018.svg',
    url: 'https://upload.wikimedia.org/u/black.svg',
    variants: { dark: white },
  });

  it('draws the version for dark backgrounds on black and on a dark colour, the logo itself on light ones', () => {
    expect(logoForBackground(paired, 'black').url).toBe(white.url);
    expect(logoForBackground(paired, '#102030').url).toBe(white.url);
    expect(logoForBackground(paired, 'white').url).toBe(paired.url);
    expect(logoForBackground(paired, 'transparent').url).toBe(paired.url);
    expect(logoForBackground(paired, '#f5e050').url).toBe(paired.url);
  });

  it('keeps a logo without a pair on every background', () => {
    const single = testLogo({ title: 'Stripe logo.svg' });
    expect(logoForBackground(single, 'black')).toBe(single);
  });
});
