import { describe, expect, it } from 'vitest';
import { MAX_WALL_NAMES, parseCsv, parseNameFile, parseNameList } from './wall-input.ts';

describe('parseNameList', () => {
  it('reads one name per line, keeping commas inside a line', () => {
    expect(parseNameList('Google\n  Apple \r\n\nAcme, Inc.\nstripe.com\n')).toEqual({
      names: ['Google', 'Apple', 'Acme, Inc.', 'stripe.com'],
      problem: null,
    });
  });

  it('splits a single line on commas', () => {
    expect(parseNameList('Google, Apple,,Netflix ').names).toEqual(['Google', 'Apple', 'Netflix']);
  });

  it('keeps each name once, whatever its case', () => {
    expect(parseNameList('Google\ngoogle\nGOOGLE\nApple').names).toEqual(['Google', 'Apple']);
  });

  it('says what to do with an empty list or one over the limit', () => {
    expect(parseNameList(' \n ').problem).toBe('Enter at least one company name.');
    const many = Array.from({ length: MAX_WALL_NAMES + 3 }, (_, i) => `Company ${i}`).join('\n');
    expect(parseNameList(many).problem).toBe(
      'A wall holds up to 100 names: this list has 103. Remove 3 to continue.',
    );
    expect(parseNameList(many.split('\n').slice(0, MAX_WALL_NAMES).join('\n')).problem).toBeNull();
  });
});

describe('parseCsv', () => {
  it('reads the first column when there is no name heading', () => {
    expect(parseCsv('Google,search\nApple,phones\n').names).toEqual(['Google', 'Apple']);
  });

  it('reads the column headed company, name or brand, and leaves the heading out', () => {
    const csv = 'id;Company;Country\n1;"Acme; Inc.";US\n2;Netflix;US\n';
    expect(parseCsv(csv).names).toEqual(['Acme; Inc.', 'Netflix']);
    expect(parseCsv('\uFEFFBrand,Notes\r\n"Say ""hi"" Co",x\r\nGitHub,\r\n').names).toEqual([
      'Say "hi" Co',
      'GitHub',
    ]);
    expect(parseCsv('rank\tname\n1\tMozilla\n2\tPepsi').names).toEqual(['Mozilla', 'Pepsi']);
  });

  it('is chosen by the file name', () => {
    expect(parseNameFile('brands.CSV', 'name,x\nGoogle,1').names).toEqual(['Google']);
    expect(parseNameFile('brands.txt', 'name,x\nGoogle,1').names).toEqual(['name,x', 'Google,1']);
  });
});
