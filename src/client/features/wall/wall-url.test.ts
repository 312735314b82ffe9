import { describe, expect, it } from 'vitest';
import { DEFAULT_WALL_SETTINGS, type WallSettings } from './wall-layout.ts';
import { readWallEntries, readWallSettings, wallHref, wallSearch } from './wall-url.ts';

const paramsOf = (href: string) => new URL(href, 'https://wikilogos.test').searchParams;

describe('wall addresses', () => {
  it('follows the entry contract: names and files joined by newlines, empty file = automatic', () => {
    const href = wallHref([{ name: 'Google' }, { name: 'Apple', file: 'Apple logo black.svg' }]);
    expect(href).toBe('/wall?names=Google%0AApple&files=%0AApple+logo+black.svg');
    expect(wallHref([{ name: 'Google' }, { name: 'AT&T' }])).toBe('/wall?names=Google%0AAT%26T');
    expect(wallHref([])).toBe('/wall');
  });

  it('round-trips entries and settings', () => {
    const entries = [{ name: 'Google' }, { name: 'Acme, Inc.', file: 'Acme logo.svg' }];
    const settings: WallSettings = {
      columns: 4,
      gap: 8,
      padding: 0,
      aspect: '3:2',
      background: '#102030',
      colour: 'greyscale',
      balance: 35,
    };
    const params = paramsOf(`/wall?${wallSearch(entries, settings)}`);
    expect(readWallEntries(params)).toEqual(entries);
    expect(readWallSettings(params)).toEqual(settings);
    const tinted = { ...settings, colour: '#ff0000', background: 'transparent' } as const;
    expect(readWallSettings(paramsOf(`/wall?${wallSearch(entries, tinted)}`))).toEqual(tinted);
  });

  it('writes only the settings that differ from the defaults', () => {
    expect(wallSearch([{ name: 'Google' }], DEFAULT_WALL_SETTINGS)).toBe('names=Google');
    expect(wallSearch([{ name: 'Google' }], { ...DEFAULT_WALL_SETTINGS, balance: 0 })).toBe(
      'names=Google&bal=0',
    );
  });

  it('falls back to the defaults for unreadable settings and ignores blank names', () => {
    const params = paramsOf('/wall?names=%0AGoogle%0A%20&cols=99&gap=-1&bg=red&colour=zz&bal=x');
    expect(readWallEntries(params)).toEqual([{ name: 'Google' }]);
    expect(readWallSettings(params)).toEqual(DEFAULT_WALL_SETTINGS);
  });
});
