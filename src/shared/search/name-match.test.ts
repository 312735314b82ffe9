import { describe, expect, it } from 'vitest';
import { SUGGESTION_LIMIT, namedEntries, suggestTitles } from './name-match.ts';

// A few catalogue names as GET /api/search/names sends them: [title, slug, ...aliases].
const entries = namedEntries({
  names: [
    ['Google', ''],
    ['Google Drive', ''],
    ['Goodreads', ''],
    ['Société Générale', 'societe generale'],
    ['Radio-Canada', ''],
    ['AT&T', 'atandt'],
    ['DeepL', '', 'deep lake'],
    ['Spotify', ''],
    ['Bugatti', ''],
    ...Array.from({ length: 20 }, (_, i): [string, string] => [`Gamma ${i}`, '']),
  ],
});

describe('suggestTitles (the search box, in the browser and on the server)', () => {
  it('ignores case and accents, both ways', () => {
    expect(suggestTitles(entries, 'SOCIÉTÉ')).toEqual(['Société Générale']);
    expect(suggestTitles(entries, 'societe gen')).toEqual(['Société Générale']);
    expect(suggestTitles(entries, 'GOOGLE')[0]).toBe('Google');
  });

  it('matches the start of the name or of one of its words, shortest first', () => {
    expect(suggestTitles(entries, 'goo')).toEqual(['Google', 'Goodreads', 'Google Drive']);
    expect(suggestTitles(entries, 'drive')).toEqual(['Google Drive']);
    expect(suggestTitles(entries, 'canada')).toEqual(['Radio-Canada']);
    // Short fragments inside a word are not matches ('att' in 'Bugatti'); the slug counts.
    expect(suggestTitles(entries, 'att')).toEqual(['AT&T']);
    expect(suggestTitles(entries, 'atand')).toEqual(['AT&T']);
  });

  it('finds a name by its alias and despite a typo', () => {
    expect(suggestTitles(entries, 'deep la')).toEqual(['DeepL']);
    expect(suggestTitles(entries, 'spotfy')).toEqual(['Spotify']);
  });

  it('suggests at most eight names, and none for an empty box', () => {
    expect(suggestTitles(entries, 'g')).toHaveLength(SUGGESTION_LIMIT);
    expect(suggestTitles(entries, ' , ')).toEqual([]);
  });
});
