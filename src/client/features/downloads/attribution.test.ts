import { describe, expect, it } from 'vitest';
import {
  archiveManifest,
  attributionMarkdown,
  creditLine,
  formatAttribution,
  sha256Hex,
  type ArchiveFileRecord,
} from './attribution.ts';

const google = {
  title: 'Google 2015 logo',
  author: 'Google Inc.',
  license: 'Public domain',
  licenseUrl: null,
  sourceUrl: 'https://commons.wikimedia.org/wiki/File:Google_2015_logo.svg',
  url: 'https://upload.wikimedia.org/wikipedia/commons/2/2f/Google_2015_logo.svg',
  source: 'commons' as const,
  trademarked: true,
};

const github = {
  title: 'GitHub',
  author: null,
  license: 'CC0 1.0',
  licenseUrl: null,
  sourceUrl: null,
  url: '/api/icons/github.svg',
  source: 'simple-icons' as const,
  trademarked: false,
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
    expect(creditLine(github)).toBe('"GitHub", via Simple Icons, CC0 1.0');
  });

  it('keeps the quotes around the title balanced', () => {
    expect(creditLine({ ...google, title: 'Google "G" logo', author: null })).toContain(
      `"Google 'G' logo", via`,
    );
  });
});

describe('formatAttribution', () => {
  const licensed = {
    ...google,
    license: 'CC BY-SA 4.0',
    licenseUrl: 'https://creativecommons.org/licenses/by-sa/4.0',
  };

  it('as plain text is the credit line', () => {
    expect(formatAttribution(licensed, 'text')).toBe(creditLine(licensed));
  });

  it('as HTML links the title to its source page and the license to its text', () => {
    expect(formatAttribution(licensed, 'html')).toBe(
      '"<a href="https://commons.wikimedia.org/wiki/File:Google_2015_logo.svg">Google 2015 logo</a>" by Google Inc., via Wikimedia Commons, <a href="https://creativecommons.org/licenses/by-sa/4.0">CC BY-SA 4.0</a>',
    );
    expect(formatAttribution(github, 'html')).toBe('"GitHub", via Simple Icons, CC0 1.0');
  });

  it('as Markdown links the title to its source page and the license to its text', () => {
    expect(formatAttribution(licensed, 'markdown')).toBe(
      '"[Google 2015 logo](<https://commons.wikimedia.org/wiki/File:Google_2015_logo.svg>)" by Google Inc., via Wikimedia Commons, [CC BY-SA 4.0](<https://creativecommons.org/licenses/by-sa/4.0>)',
    );
    expect(formatAttribution(github, 'markdown')).toBe('"GitHub", via Simple Icons, CC0 1.0');
  });

  const hostile = {
    ...licensed,
    title: '<img src=x onerror=alert(1)> *Q* & [x](y)',
    author: '<script>alert("a")</script>\nO\'Brien',
    license: 'CC <b>BY</b>',
    licenseUrl: 'https://example.org/?a=1&b="2"',
  };

  it('as HTML escapes every value, so pasted markup shows as text', () => {
    const html = formatAttribution(hostile, 'html');
    expect(html).toBe(
      '"<a href="https://commons.wikimedia.org/wiki/File:Google_2015_logo.svg">&lt;img src=x onerror=alert(1)&gt; *Q* &amp; [x](y)</a>" by &lt;script&gt;alert(&quot;a&quot;)&lt;/script&gt; O&#39;Brien, via Wikimedia Commons, <a href="https://example.org/?a=1&amp;b=&quot;2&quot;">CC &lt;b&gt;BY&lt;/b&gt;</a>',
    );
  });

  it('as Markdown escapes every value, so it never becomes formatting or HTML', () => {
    const markdown = formatAttribution(hostile, 'markdown');
    expect(markdown).not.toMatch(/<(img|script|b)\b/);
    expect(markdown).toContain('[&lt;img src=x onerror=alert(1)&gt; \\*Q\\* &amp; \\[x\\](y)](<');
    expect(markdown).toContain('by &lt;script&gt;alert("a")&lt;/script&gt; O\'Brien,');
    expect(markdown).toContain('[CC &lt;b&gt;BY&lt;/b&gt;](<https://example.org/?a=1&b="2">)');
  });
});

const files: ArchiveFileRecord[] = [
  {
    fileName: 'google_2015_logo.svg',
    logo: {
      ...google,
      license: 'CC BY-SA 4.0',
      licenseUrl: 'https://creativecommons.org/licenses/by-sa/4.0',
    },
    sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    bytes: 3,
    retrievedAt: '2026-11-21T10:00:00.000Z',
  },
  {
    fileName: 'github.svg',
    logo: github,
    sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    bytes: 0,
    retrievedAt: '2026-11-21T10:00:01.000Z',
  },
];

describe('attributionMarkdown', () => {
  const markdown = attributionMarkdown(files, { generatedAt: '2026-11-21T10:00:02.000Z' });

  it('starts with how to credit the files and the trademark caveat', () => {
    expect(markdown).toMatch(/^# Attribution\n/);
    expect(markdown).toContain('2 files');
    expect(markdown).toContain('Credit line');
    expect(markdown).toMatch(/trademarks of their owners/);
  });

  it('gives each file its title, author, license with link, source page and trademark note', () => {
    const [, first, second] = markdown.split(/^## /m);
    expect(first).toContain('1. `google_2015_logo.svg`');
    expect(first).toContain('- **Title:** Google 2015 logo');
    expect(first).toContain('- **Author:** Google Inc.');
    expect(first).toContain(
      '- **License:** [CC BY-SA 4.0](<https://creativecommons.org/licenses/by-sa/4.0>)',
    );
    expect(first).toContain(
      '- **Source page:** <https://commons.wikimedia.org/wiki/File:Google_2015_logo.svg>',
    );
    expect(first).toContain(
      '- **Original file:** <https://upload.wikimedia.org/wikipedia/commons/2/2f/Google_2015_logo.svg>',
    );
    expect(first).toContain('marks this logo as a trademark');
    expect(first).toContain(
      '- **SHA-256:** `ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad`',
    );

    expect(second).toContain('2. `github.svg`');
    expect(second).toContain('- **Author:** Not recorded; see the source page.');
    expect(second).toContain('- **License:** CC0 1.0');
    expect(second).toContain('- **Source page:** Simple Icons');
    expect(second).not.toContain('Original file');
    expect(second).toContain('Not marked as a trademark');
  });

  it('says so when the license is unknown', () => {
    const text = attributionMarkdown([{ ...files[0]!, logo: { ...google, license: null } }], {
      generatedAt: '2026-11-21T10:00:02.000Z',
    });
    expect(text).toContain('1 file.');
    expect(text).toContain('- **License:** Not recorded; check the source page');
  });

  it('never lets a title or author become Markdown formatting or HTML', () => {
    const text = attributionMarkdown(
      [
        {
          ...files[0]!,
          logo: { ...google, title: '<img src=x onerror=alert(1)> *bold* [x](y)', author: 'A\nB' },
        },
      ],
      { generatedAt: '2026-11-21T10:00:02.000Z' },
    );
    expect(text).not.toContain('<img');
    expect(text).toContain('&lt;img src=x onerror=alert(1)&gt; \\*bold\\* \\[x\\](y)');
    expect(text).toContain('- **Author:** A B');
  });
});

describe('archiveManifest', () => {
  it('is JSON listing every file with its provenance and hash', () => {
    const manifest = JSON.parse(
      archiveManifest(files, { generatedAt: '2026-11-21T10:00:02.000Z' }),
    ) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      generator: 'WikiLogos',
      generatedAt: '2026-11-21T10:00:02.000Z',
    });
    expect(manifest.files).toEqual([
      {
        fileName: 'google_2015_logo.svg',
        title: 'Google 2015 logo',
        sourceUrl: 'https://commons.wikimedia.org/wiki/File:Google_2015_logo.svg',
        fileUrl: 'https://upload.wikimedia.org/wikipedia/commons/2/2f/Google_2015_logo.svg',
        license: 'CC BY-SA 4.0',
        licenseUrl: 'https://creativecommons.org/licenses/by-sa/4.0',
        author: 'Google Inc.',
        trademarked: true,
        retrievedAt: '2026-11-21T10:00:00.000Z',
        sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
        bytes: 3,
      },
      expect.objectContaining({
        fileName: 'github.svg',
        sourceUrl: '/api/icons/github.svg',
        author: null,
        license: 'CC0 1.0',
        bytes: 0,
      }),
    ]);
  });
});

describe('sha256Hex', () => {
  it('matches the FIPS 180-2 test vectors', async () => {
    expect(await sha256Hex(new TextEncoder().encode('abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(await sha256Hex(new Uint8Array())).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it('hashes only the viewed bytes of a larger buffer', async () => {
    const buffer = new TextEncoder().encode('xxabcxx');
    expect(await sha256Hex(buffer.subarray(2, 5))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
