import { describe, expect, it } from 'vitest';
import { ZIP_FORMAT_LABELS, zipEntriesFor, zipRecordedFileType } from './zip-names.ts';

const google = {
  title: 'Google 2015 logo',
  url: 'https://upload.wikimedia.org/wikipedia/commons/2/2f/Google_2015_logo.svg',
  fileType: 'svg' as const,
};
const photo = {
  title: 'Apple logo black',
  url: 'https://upload.wikimedia.org/wikipedia/commons/f/fa/Apple_logo_black.png',
  fileType: 'png' as const,
};

describe('zip formats', () => {
  it('offers SVG, PNG (512 px) and SVG + PNG', () => {
    expect(Object.values(ZIP_FORMAT_LABELS)).toEqual(['SVG', 'PNG (512 px)', 'SVG + PNG']);
  });

  it('plans the original, the 512 px PNG, or both for an SVG', () => {
    expect(zipEntriesFor(google, 'svg')).toEqual([
      { kind: 'original', fileName: 'google_2015_logo.svg' },
    ]);
    expect(zipEntriesFor(google, 'png')).toEqual([
      { kind: 'png', fileName: 'google_2015_logo_512.png' },
    ]);
    expect(zipEntriesFor(google, 'svg+png')).toEqual([
      { kind: 'original', fileName: 'google_2015_logo.svg' },
      { kind: 'png', fileName: 'google_2015_logo_512.png' },
    ]);
  });

  it('keeps a file that is not SVG as it is in every format', () => {
    for (const format of ['svg', 'png', 'svg+png'] as const) {
      expect(zipEntriesFor(photo, format)).toEqual([
        { kind: 'original', fileName: 'apple_logo_black.png' },
      ]);
    }
  });

  it('records PNG in the history only when the zip holds just the PNG', () => {
    expect(zipRecordedFileType(google, 'png')).toBe('png');
    expect(zipRecordedFileType(google, 'svg+png')).toBe('svg');
    expect(zipRecordedFileType(google, 'svg')).toBe('svg');
    expect(zipRecordedFileType(photo, 'png')).toBe('png');
  });
});
