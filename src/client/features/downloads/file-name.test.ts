import { describe, expect, it } from 'vitest';
import { logoFileName } from './file-name.ts';

describe('logoFileName', () => {
  it('replaces every non-alphanumeric character of the title with an underscore and lowercases it', () => {
    expect(
      logoFileName({
        title: 'Google "G" logo (2015)',
        url: 'https://upload.wikimedia.org/wikipedia/commons/c/c1/Google_%22G%22_logo.svg',
      }),
    ).toBe('google__g__logo__2015_.svg');
  });

  it('takes the extension from the url, ignoring its query string', () => {
    expect(
      logoFileName({
        title: 'Google Favicon 2015',
        url: 'https://upload.wikimedia.org/wikipedia/commons/4/4d/Google_Favicon_2015.PNG?utm_source=commons.wikimedia.org',
      }),
    ).toBe('google_favicon_2015.png');
    expect(logoFileName({ title: 'Photo', url: 'https://example.org/a/photo.jpeg' })).toBe(
      'photo.jpeg',
    );
    expect(logoFileName({ title: 'Anim', url: 'https://example.org/a/anim.gif' })).toBe('anim.gif');
    expect(logoFileName({ title: 'GitHub', url: '/api/icons/github.svg' })).toBe('github.svg');
  });

  it('falls back to a word in the title, then to .svg', () => {
    expect(logoFileName({ title: 'Acme logo png', url: 'https://example.org/file?id=1' })).toBe(
      'acme_logo_png.png',
    );
    expect(logoFileName({ title: 'Acme', url: 'https://example.org/file?id=1' })).toBe('acme.svg');
  });

  it('does not repeat an extension the title already ends with', () => {
    expect(
      logoFileName({
        title: 'Google 2015 logo.svg',
        url: 'https://upload.wikimedia.org/wikipedia/commons/2/2f/Google_2015_logo.svg',
      }),
    ).toBe('google_2015_logo.svg');
  });

  it('never produces an empty name', () => {
    expect(logoFileName({ title: '', url: 'https://example.org/x.svg' })).toBe('logo.svg');
  });
});
