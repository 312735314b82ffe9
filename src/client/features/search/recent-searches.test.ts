import { describe, expect, it } from 'vitest';
import { addToRecent, mergeSuggestions, parseRecent } from './recent-searches.ts';

describe('addToRecent', () => {
  it('puts the newest first, without repeats, and keeps eight', () => {
    let list: string[] = [];
    for (const q of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']) list = addToRecent(list, q);
    expect(list).toEqual(['i', 'h', 'g', 'f', 'e', 'd', 'c', 'b']);
    expect(addToRecent(['Google', 'Apple'], '  apple ')).toEqual(['apple', 'Google']);
    expect(addToRecent(['Google'], '   ')).toEqual(['Google']);
  });
});

describe('parseRecent', () => {
  it('reads a stored list and ignores anything else', () => {
    expect(parseRecent('["Google","Apple"]')).toEqual(['Google', 'Apple']);
    expect(parseRecent('{"a":1}')).toEqual([]);
    expect(parseRecent('not json')).toEqual([]);
    expect(parseRecent('["ok", 3, ""]')).toEqual(['ok']);
    expect(parseRecent(null)).toEqual([]);
  });
});

describe('mergeSuggestions', () => {
  it('lists every recent search when nothing is typed', () => {
    expect(mergeSuggestions('', ['Google', 'Apple'], ['Adobe'])).toEqual([
      { value: 'Google', kind: 'recent' },
      { value: 'Apple', kind: 'recent' },
    ]);
  });

  it('puts matching recent searches before catalogue names, without duplicates', () => {
    expect(mergeSuggestions('ap', ['Google', 'Apple'], ['apple', 'Apache', 'AppDynamics'])).toEqual(
      [
        { value: 'Apple', kind: 'recent' },
        { value: 'Apache', kind: 'catalogue' },
        { value: 'AppDynamics', kind: 'catalogue' },
      ],
    );
  });

  it('matches recent searches by the start of a word, ignoring case and accents', () => {
    const recent = ['Société Générale', 'Spotify, Slack', 'Bugatti'];
    expect(mergeSuggestions('societe', recent, []).map((item) => item.value)).toEqual([
      'Société Générale',
    ]);
    expect(mergeSuggestions('GÉNÉ', recent, []).map((item) => item.value)).toEqual([
      'Société Générale',
    ]);
    expect(mergeSuggestions('sla', recent, []).map((item) => item.value)).toEqual([
      'Spotify, Slack',
    ]);
    expect(mergeSuggestions('att', recent, [])).toEqual([]);
  });

  it('keeps recent searches first when the catalogue has more than fit', () => {
    const catalogue = ['Apache', 'Apple', 'AppDynamics', 'Appian', 'Appwrite', 'Apollo', 'Apify'];
    const items = mergeSuggestions('ap', ['Apple Music', 'Apple'], catalogue);
    expect(items).toHaveLength(8);
    expect(items.slice(0, 2)).toEqual([
      { value: 'Apple Music', kind: 'recent' },
      { value: 'Apple', kind: 'recent' },
    ]);
    expect(items.filter((item) => item.value === 'Apple')).toHaveLength(1);
  });

  it('stops at the limit', () => {
    expect(mergeSuggestions('a', [], ['a1', 'a2', 'a3'], 2)).toHaveLength(2);
  });
});
