import { describe, expect, it } from 'vitest';
import {
  MAX_CUSTOM_WIDTH,
  MAX_RASTER_PIXELS,
  MAX_RASTER_SIDE,
  MIN_CUSTOM_WIDTH,
  RASTER_FORMAT_INFO,
  RasterSizeError,
  SIZE_PRESETS,
  parseCustomWidth,
  planRaster,
  resolveBackground,
  sheetRasterWidth,
} from './raster-plan.ts';
import { rasterFileName } from '../zip-names.ts';

describe('sizes', () => {
  it('offers the issue’s presets, smallest first', () => {
    expect(SIZE_PRESETS).toEqual([32, 64, 128, 256, 512, 1024, 2048]);
  });

  it('accepts a custom width from 16 to 4096 px, whole numbers only', () => {
    expect(parseCustomWidth(' 300 ')).toEqual({ ok: true, width: 300 });
    expect(parseCustomWidth(String(MIN_CUSTOM_WIDTH))).toEqual({ ok: true, width: 16 });
    expect(parseCustomWidth(String(MAX_CUSTOM_WIDTH))).toEqual({ ok: true, width: 4096 });
    for (const bad of ['15', '4097', '', '12.5', '1e3', '-20', 'wide', '0x40']) {
      expect(parseCustomWidth(bad), bad).toEqual({
        ok: false,
        message: 'Enter a whole number of pixels from 16 to 4096.',
      });
    }
  });
});

describe('planRaster', () => {
  it('keeps the width chosen and the logo’s proportions', () => {
    expect(planRaster({ intrinsic: { width: 24, height: 24 }, width: 1024 })).toEqual({
      width: 1024,
      height: 1024,
      logo: { x: 0, y: 0, width: 1024, height: 1024 },
    });
    // A 272 × 92 wordmark (Google's) at 512 px.
    expect(planRaster({ intrinsic: { width: 272, height: 92 }, width: 512 })).toMatchObject({
      width: 512,
      height: 173,
    });
    // Tall logos grow downwards.
    expect(planRaster({ intrinsic: { width: 50, height: 200 }, width: 64 })).toMatchObject({
      width: 64,
      height: 256,
    });
  });

  it('keeps padding clear on every side without changing the chosen width', () => {
    const plan = planRaster({
      intrinsic: { width: 200, height: 100 },
      width: 1000,
      paddingPercent: 10,
    });
    // 100 px each side: the logo is 800 × 400, the picture 1000 × 600.
    expect(plan).toEqual({
      width: 1000,
      height: 600,
      logo: { x: 100, y: 100, width: 800, height: 400 },
    });
  });

  it('centres the logo vertically when the height is rounded', () => {
    const plan = planRaster({ intrinsic: { width: 3, height: 1 }, width: 32, paddingPercent: 5 });
    // 2 px padding, the logo 28 × 9.33, the picture 32 × 13.
    expect(plan.width).toBe(32);
    expect(plan.height).toBe(13);
    expect(plan.logo.x).toBe(2);
    expect(plan.logo.y).toBeCloseTo((13 - 28 / 3) / 2);
  });

  it('never pads a logo away entirely', () => {
    const plan = planRaster({ intrinsic: { width: 1, height: 1 }, width: 1, paddingPercent: 20 });
    expect(plan.logo.width).toBeGreaterThan(0);
  });

  it('draws an SVG that has no size at the browser’s 300 × 150', () => {
    expect(planRaster({ intrinsic: null, width: 300 })).toMatchObject({ width: 300, height: 150 });
  });

  it('refuses a picture too large to draw, and says what to do', () => {
    const tall = { width: 10, height: 1000 };
    expect(() => planRaster({ intrinsic: tall, width: 2048 })).toThrow(RasterSizeError);
    expect(() => planRaster({ intrinsic: tall, width: 2048 })).toThrow(
      'At 2048 px wide this logo would be 204,800 px high, too large to draw. Choose a smaller width.',
    );
    // 16,384 px is the tallest picture drawn.
    expect(planRaster({ intrinsic: tall, width: 163 }).height).toBe(16_300);
    expect(() => planRaster({ intrinsic: tall, width: 164 })).toThrow(RasterSizeError);
    expect(() => planRaster({ intrinsic: { width: 1, height: 4 }, width: 4096 })).toThrow(
      RasterSizeError,
    );
  });
});

describe('backgrounds', () => {
  it('keeps PNG and WebP transparent, and gives JPG (which cannot be) white', () => {
    expect(resolveBackground('png', 'transparent', '#123456')).toBeNull();
    expect(resolveBackground('webp', 'transparent', '#123456')).toBeNull();
    expect(resolveBackground('jpg', 'transparent', '#123456')).toBe('#ffffff');
  });

  it('paints white, black or the custom colour', () => {
    expect(resolveBackground('png', 'white', '')).toBe('#ffffff');
    expect(resolveBackground('jpg', 'black', '')).toBe('#000000');
    expect(resolveBackground('png', 'custom', '#FF8800')).toBe('#ff8800');
    // Never a CSS string from elsewhere: only #rrggbb reaches the canvas.
    expect(resolveBackground('png', 'custom', 'url(x)')).toBe('#2563eb');
  });
});

describe('formats and names', () => {
  it('maps each format to its MIME type and extension', () => {
    expect(RASTER_FORMAT_INFO.png).toMatchObject({ mime: 'image/png', extension: 'png' });
    expect(RASTER_FORMAT_INFO.webp).toMatchObject({ mime: 'image/webp', extension: 'webp' });
    expect(RASTER_FORMAT_INFO.jpg).toMatchObject({ mime: 'image/jpeg', extension: 'jpg' });
  });

  it('names the file by the zip rule with the width and the new extension', () => {
    const google = {
      title: 'Google 2015 logo.svg',
      url: 'https://upload.wikimedia.org/wikipedia/commons/2/2f/Google_2015_logo.svg',
    };
    expect(rasterFileName(google, 1024, 'png')).toBe('google_2015_logo_1024.png');
    expect(rasterFileName({ title: 'GitHub', url: '/api/icons/github.svg' }, 64, 'webp')).toBe(
      'github_64.webp',
    );
    expect(rasterFileName({ title: 'Ünïcode & Co', url: '/a.svg?x=1' }, 32, 'jpg')).toBe(
      '_n_code___co_32.jpg',
    );
  });
});

describe('sheetRasterWidth', () => {
  it('draws a sheet at twice its size when that fits', () => {
    expect(sheetRasterWidth({ width: 552, height: 184 })).toBe(1104);
  });

  it('draws a very tall sheet smaller, within the side and pixel limits', () => {
    const sheet = { width: 384, height: 200 * 384 };
    const width = sheetRasterWidth(sheet);
    const height = Math.round((width * sheet.height) / sheet.width);
    expect(height).toBeLessThanOrEqual(MAX_RASTER_SIDE);
    expect(width * height).toBeLessThanOrEqual(MAX_RASTER_PIXELS);
    expect(() => planRaster({ intrinsic: sheet, width })).not.toThrow();

    const wide = { width: 8 * 384, height: 25 * 384 };
    const wideWidth = sheetRasterWidth(wide);
    expect(() => planRaster({ intrinsic: wide, width: wideWidth })).not.toThrow();
  });
});
