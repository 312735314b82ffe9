import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from './logo-filters.ts';
import { newSearchPath, searchPath } from './search-path.ts';

describe('searchPath', () => {
  it('trims and URL-encodes the query', () => {
    expect(searchPath('  Spotify, Slack & Co ')).toBe('/search?q=Spotify%2C%20Slack%20%26%20Co');
  });

  it('adds the active filters', () => {
    expect(searchPath('google', { fileType: ['png'], date: ['30d'], licenses: ['cc-by-sa'] })).toBe(
      '/search?q=google&fileType=png&dateFilter=30d&license=cc-by-sa',
    );
  });
});

describe('newSearchPath', () => {
  it('searches SVG files unless the visitor chose another format', () => {
    expect(newSearchPath('google')).toBe('/search?q=google&fileType=svg');
    expect(newSearchPath('google', { ...NO_FILTERS, fileType: ['jpg'], date: ['1y'] })).toBe(
      '/search?q=google&fileType=jpg&dateFilter=1y',
    );
  });
});
