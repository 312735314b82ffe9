import { describe, expect, it } from 'vitest';
import { originalOutput } from './use-logo-download.ts';

const blob = new Blob(['<svg/>']);

describe('the original file of a download', () => {
  it('is saved under the zip rule name with the logo’s own type', () => {
    expect(
      originalOutput(
        blob,
        { title: 'GitHub', url: '/api/icons/github.svg', fileType: 'svg' },
        'logo',
      ),
    ).toEqual({ blob, fileName: 'github.svg', fileType: 'svg' });
  });

  it('from the history, takes its type from the file, not from a row that recorded an export', () => {
    // The row says PNG (a raster export), but Download Again saves the original SVG.
    const exported = { title: 'GitHub', url: '/api/icons/github.svg', fileType: 'png' as const };
    expect(originalOutput(blob, exported, 'history')).toMatchObject({
      fileName: 'github.svg',
      fileType: 'svg',
    });
    const jpeg = { title: 'Photo', url: 'https://example.org/a/Photo.jpeg', fileType: null };
    expect(originalOutput(blob, jpeg, 'history').fileType).toBe('jpg');
  });
});
