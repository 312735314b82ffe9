import { describe, expect, it } from 'vitest';
import { creditLine } from './attribution.ts';

const google = {
  title: 'Google 2015 logo',
  author: 'Google Inc.',
  license: 'Public domain',
  licenseUrl: null,
  sourceUrl: 'https://commons.wikimedia.org/wiki/File:Google_2015_logo.svg',
  url: 'https://upload.wikimedia.org/wikipedia/commons/2/2f/Google_2015_logo.svg',
  source: 'commons' as const,
};

describe('creditLine', () => {
  it('gives title, author, source, license and link', () => {
    expect(creditLine(google)).toBe(
      '"Google 2015 logo" by Google Inc., via Wikimedia Commons, Public domain, https://commons.wikimedia.org/wiki/File:Google_2015_logo.svg',
    );
  });

  it("adds the license's link when it has one", () => {
    expect(
      creditLine({
        ...google,
        license: 'CC BY-SA 4.0',
        licenseUrl: 'https://creativecommons.org/licenses/by-sa/4.0',
      }),
    ).toBe(
      '"Google 2015 logo" by Google Inc., via Wikimedia Commons, CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0), https://commons.wikimedia.org/wiki/File:Google_2015_logo.svg',
    );
  });

  it('leaves out a missing author and license', () => {
    expect(creditLine({ ...google, author: null, license: null })).toBe(
      '"Google 2015 logo", via Wikimedia Commons, https://commons.wikimedia.org/wiki/File:Google_2015_logo.svg',
    );
    expect(creditLine({ ...google, author: '  ', license: '' })).toBe(
      '"Google 2015 logo", via Wikimedia Commons, https://commons.wikimedia.org/wiki/File:Google_2015_logo.svg',
    );
  });

  it('links the file itself when there is no source page, and nothing for a relative address', () => {
    expect(creditLine({ ...google, sourceUrl: null })).toBe(
      '"Google 2015 logo" by Google Inc., via Wikimedia Commons, Public domain, https://upload.wikimedia.org/wikipedia/commons/2/2f/Google_2015_logo.svg',
    );
    expect(
      creditLine({
        title: 'GitHub',
        author: null,
        license: 'CC0 1.0',
        licenseUrl: null,
        sourceUrl: null,
        url: '/api/icons/github.svg',
        source: 'simple-icons',
      }),
    ).toBe('"GitHub", via Simple Icons, CC0 1.0');
  });

  it('keeps the quotes around the title balanced', () => {
    expect(creditLine({ ...google, title: 'Google "G" logo', author: null })).toContain(
      `"Google 'G' logo", via`,
    );
  });
});
