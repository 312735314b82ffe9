import { describe, expect, it } from 'vitest';
import type { Logo } from '#shared/search/search.schemas.ts';
import { groupByName, loadAllStep, type LoadAll, type MoreResults } from './load-all.ts';

const logo = (title: string, searchTerm = 'google') =>
  ({ title, url: `https://example.test/${title}.svg`, searchTerm }) as Logo;

const more = (overrides: Partial<MoreResults> = {}): MoreResults => ({
  key: 'google',
  hasMore: true,
  fetching: false,
  errors: 0,
  fetchMore: () => {},
  ...overrides,
});
const everyName: LoadAll = { name: null, key: 'google', errors: 0 };

describe('loadAllStep', () => {
  const loaded = [logo('a'), logo('b', 'apple'), logo('c')];

  it('asks for the next page while the server has more, and waits while one is on its way', () => {
    expect(loadAllStep(everyName, loaded, more(), 200)).toEqual({ kind: 'fetch' });
    expect(loadAllStep(everyName, loaded, more({ fetching: true }), 200)).toEqual({
      kind: 'wait',
    });
  });

  it('selects every loaded logo once the last page is in, or one name’s', () => {
    expect(loadAllStep(everyName, loaded, more({ hasMore: false }), 200)).toEqual({
      kind: 'select',
      logos: loaded,
    });
    expect(
      loadAllStep({ ...everyName, name: 'apple' }, loaded, more({ hasMore: false }), 200),
    ).toEqual({ kind: 'select', logos: [loaded[1]] });
  });

  it('stops loading at a batch’s size and takes the first ones', () => {
    expect(loadAllStep(everyName, loaded, more(), 2)).toEqual({
      kind: 'select',
      logos: loaded.slice(0, 2),
    });
  });

  it('stops when the query or filters change, or a fetch fails', () => {
    expect(loadAllStep(everyName, loaded, more({ key: 'apple' }), 200)).toEqual({ kind: 'stop' });
    expect(loadAllStep(everyName, loaded, more({ errors: 1 }), 200)).toEqual({ kind: 'stop' });
    expect(loadAllStep({ ...everyName, errors: 1 }, loaded, more({ errors: 1 }), 200)).toEqual({
      kind: 'fetch',
    });
  });
});

describe('groupByName', () => {
  it('groups the logos by the name that found them, in the names’ order, keeping empty names', () => {
    const found = [logo('g1'), logo('a1', 'apple'), logo('g2'), logo('m1', 'meta')];
    expect(groupByName(found, ['apple', 'google', 'nosuch'])).toEqual([
      { name: 'apple', logos: [found[1]] },
      { name: 'google', logos: [found[0], found[2]] },
      { name: 'nosuch', logos: [] },
      { name: 'meta', logos: [found[3]] },
    ]);
  });
});
