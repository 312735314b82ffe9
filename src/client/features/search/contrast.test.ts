import { describe, expect, it } from 'vitest';
import { contrastRatio, hexRgb, relativeLuminance, type Rgb } from '#shared/lib/colour.ts';
import { composite, contrastVerdict, pixelPaints, type Paint } from './contrast.ts';
import { contrastWarningText, previewSurface } from './preview-background.ts';

// The verdicts on real logos (GitHub, Google, a white logo) need the browser's drawing: they are
// in tests/e2e/preview-backgrounds.spec.ts.

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

describe('WCAG contrast', () => {
  it('reads the preview surfaces colours', () => {
    expect(hexRgb('#1a2B3c')).toEqual([26, 43, 60]);
    expect(hexRgb('#fff')).toBeNull();
    expect(hexRgb('red')).toBeNull();
  });

  it('gives the reference luminances and ratios', () => {
    expect(relativeLuminance(WHITE)).toBeCloseTo(1, 6);
    expect(relativeLuminance(BLACK)).toBe(0);
    expect(contrastRatio(BLACK, WHITE)).toBeCloseTo(21, 6);
    expect(contrastRatio(WHITE, BLACK)).toBeCloseTo(21, 6);
    expect(contrastRatio([119, 119, 119], WHITE)).toBeCloseTo(4.48, 2); // #777, the AA edge
    expect(contrastRatio([0x18, 0x17, 0x17], BLACK)).toBeCloseTo(1.17, 2); // GitHub's colour
  });

  it('sees a translucent colour as mixed with what is behind it', () => {
    expect(composite({ rgb: BLACK, alpha: 0.5 }, WHITE)).toEqual([128, 128, 128]);
    expect(composite({ rgb: [255, 0, 0], alpha: 0 }, BLACK)).toEqual(BLACK);
  });
});

describe('pixelPaints', () => {
  it('counts the pixels of each colour and leaves out transparent ones', () => {
    const pixels = new Uint8ClampedArray([
      ...[255, 0, 0, 255],
      ...[0, 0, 0, 0],
      ...[255, 0, 0, 255],
      ...[0, 0, 0, 128],
      ...[9, 9, 9, 0],
    ]);
    expect(pixelPaints(pixels)).toEqual([
      { rgb: [255, 0, 0], alpha: 1, weight: 2 },
      { rgb: BLACK, alpha: 128 / 255, weight: 1 },
    ]);
  });
});

const solid = (rgb: Rgb, weight = 1): Paint => ({ rgb, alpha: 1, weight });
const hex = (rgb: Rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
const verdict = (paints: Paint[], backgrounds: Rgb[]) =>
  contrastVerdict(paints, backgrounds.map(hex));

describe('contrastVerdict', () => {
  it('is low when nearly all the paint blends in, ok when enough of it stands out', () => {
    expect(verdict([solid([20, 20, 20])], [BLACK])).toBe('low');
    expect(verdict([solid([20, 20, 20])], [WHITE])).toBe('ok');
    // A black wordmark with a small red dot, on black: the dot alone is not enough.
    expect(verdict([solid(BLACK, 90), solid([255, 0, 0], 10)], [BLACK])).toBe('low');
    // A dark shape on a large white plate stays readable on black.
    expect(verdict([solid(WHITE, 70), solid(BLACK, 30)], [BLACK])).toBe('ok');
    // A faint black (5% opacity) all but vanishes on white.
    expect(verdict([{ rgb: BLACK, alpha: 0.05, weight: 1 }], [WHITE])).toBe('low');
  });

  it('counts a colour as visible if it stands out from either square of a checkerboard', () => {
    expect(verdict([solid(WHITE)], [WHITE, [0xe4, 0xe4, 0xe7]])).toBe('low');
    expect(verdict([solid([150, 150, 150])], [WHITE, [0xe4, 0xe4, 0xe7]])).toBe('ok');
  });

  it('has no verdict when nothing is painted or the background is unknown', () => {
    expect(verdict([], [BLACK])).toBe('unknown');
    expect(contrastVerdict([solid(BLACK)], ['not-a-colour'])).toBe('unknown');
  });

  it('judges the preview surfaces as the warning does', () => {
    const github: Rgb = [0x18, 0x17, 0x17];
    const surface = (background: Parameters<typeof previewSurface>[0], brand: string | null) =>
      previewSurface(background, brand).colours;
    expect(contrastVerdict([solid(github)], surface('black', '181717'))).toBe('low');
    expect(contrastVerdict([solid(github)], surface('brand', '181717'))).toBe('low');
    expect(contrastVerdict([solid(github)], surface('white', '181717'))).toBe('ok');
    expect(contrastVerdict([solid(github)], surface('checkerboard', '181717'))).toBe('ok');
    expect(contrastVerdict([solid(WHITE)], surface('checkerboard', null))).toBe('low');
  });
});

describe('preview surfaces', () => {
  it('shows a logo without a brand colour on white, and says which background it warns about', () => {
    expect(previewSurface('brand', null).background).toBe('white');
    expect(previewSurface('brand', 'not-a-colour').background).toBe('white');
    expect(contrastWarningText(previewSurface('black', null))).toBe(
      'This logo may be hard to see on a black background.',
    );
    expect(contrastWarningText(previewSurface('brand', '181717'))).toBe(
      'This logo may be hard to see on its brand colour (#181717).',
    );
  });
});
