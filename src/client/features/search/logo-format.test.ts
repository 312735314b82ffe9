import { describe, expect, it } from 'vitest';
import { formatDimensions, formatFileSize, formatLogoDate, logoInitials } from './logo-format.ts';

describe('formatLogoDate', () => {
  it('uses the long US format, in UTC', () => {
    expect(formatLogoDate('2024-01-05T10:00:00Z')).toBe('January 5, 2024');
    expect(formatLogoDate('2015-09-01T23:30:00Z')).toBe('September 1, 2015');
  });

  it('reads every month as Intl does in UTC', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    for (let month = 0; month < 12; month += 1) {
      const value = new Date(Date.UTC(2023, month, 31 - month, 23, 59)).toISOString();
      expect(formatLogoDate(value)).toBe(intl.format(Date.parse(value)));
    }
  });

  it("says 'Unknown date' for a missing or invalid date", () => {
    expect(formatLogoDate(null)).toBe('Unknown date');
    expect(formatLogoDate('')).toBe('Unknown date');
    expect(formatLogoDate('not a date')).toBe('Unknown date');
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [1024 * 1024, '1.0 MB'],
    [5.25 * 1024 * 1024, '5.3 MB'],
    [3 * 1024 ** 3, '3.0 GB'],
    [2048 * 1024 ** 3, '2048.0 GB'],
  ])('shows %d bytes as %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it("says 'Unknown size' when the size is missing", () => {
    expect(formatFileSize(null)).toBe('Unknown size');
    expect(formatFileSize(undefined)).toBe('Unknown size');
    expect(formatFileSize(Number.NaN)).toBe('Unknown size');
  });
});

describe('formatDimensions', () => {
  it('shows width × height in pixels, or that they are unknown', () => {
    expect(formatDimensions(2560, 1440.4)).toBe('2560 × 1440 px');
    expect(formatDimensions(null, 100)).toBe('Unknown dimensions');
    expect(formatDimensions(0, 0)).toBe('Unknown dimensions');
  });
});

describe('logoInitials', () => {
  it('takes up to two initials, skipping words like logo and years', () => {
    expect(logoInitials('Google 2015 logo')).toBe('G');
    expect(logoInitials('Apple Computer Logo rainbow')).toBe('AC');
    expect(logoInitials('mozilla-firefox')).toBe('MF');
    expect(logoInitials('2015')).toBe('2');
  });
});
