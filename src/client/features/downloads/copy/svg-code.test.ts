import { describe, expect, it } from 'vitest';
import { componentName } from './copy-formats.ts';
import {
  imageHtml,
  imageMarkdown,
  optimizeSvg,
  svgCopyText,
  svgDataUri,
  svgSize,
  type CopyableLogo,
} from './svg-code.ts';

const GOOGLE_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Generator: Adobe Illustrator 19.0.0 -->
<svg xmlns="http://www.w3.org/2000/svg" width="272" height="92" viewBox="0 0 272 92">
  <title>Google 2015 logo</title>
  <metadata>made by hand</metadata>
  <g>
    <path fill="#EA4335" d="M115.75 47.18c0 12.77-9.99 22.18-22.25 22.18s-22.25-9.41-22.25-22.18C71.25 34.32 81.24 25 93.5 25s22.25 9.32 22.25 22.18z"/>
    <path fill="#4285F4" d="M35.29 41.41V32H67c.31 1.64.47 3.58.47 5.68 0 7.06-1.93 15.79-8.15 22.01-6.05 6.3-13.78 9.66-24.02 9.66C16.32 69.35.36 53.89.36 34.91.36 15.93 16.32.47 35.3.47c10.5 0 17.98 4.12 23.6 9.49l-6.64 6.64c-4.03-3.78-9.49-6.72-16.97-6.72-13.86 0-24.7 11.17-24.7 25.03 0 13.86 10.84 25.03 24.7 25.03 8.99 0 14.11-3.61 17.39-6.89 2.66-2.66 4.41-6.46 5.1-11.65l-22.49.01z"/>
  </g>
</svg>`;

const google: CopyableLogo = {
  title: 'Google 2015 logo',
  author: 'Google',
  license: 'Public domain',
  licenseUrl: null,
  sourceUrl: 'https://commons.wikimedia.org/wiki/File:Google_2015_logo.svg',
  url: 'https://upload.wikimedia.org/wikipedia/commons/2/2f/Google_2015_logo.svg',
  source: 'commons',
  trademarked: true,
  width: 272,
  height: 92,
};

const GITHUB_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 24 24" width="64" height="64" fill="#181717"><title>GitHub</title><path d="M12 .297c-6.63 0-12 5.373-12 12 0 5.303 3.438 9.8 8.205 11.385"/></svg>';

const github: CopyableLogo = {
  title: 'GitHub',
  author: null,
  license: 'CC0-1.0',
  licenseUrl: 'https://creativecommons.org/publicdomain/zero/1.0/',
  sourceUrl: 'https://github.com/logos',
  url: '/api/icons/github.svg',
  source: 'simple-icons',
  trademarked: true,
  width: null,
  height: null,
};

describe('optimizeSvg', () => {
  it('makes the file smaller without losing its drawing, size or title', () => {
    const optimized = optimizeSvg(GOOGLE_SVG);
    expect(optimized.length).toBeLessThan(GOOGLE_SVG.length);
    expect(optimized).toMatch(/^<svg /);
    expect(optimized).toContain('viewBox="0 0 272 92"');
    expect(optimized).toContain('<title>Google 2015 logo</title>');
    expect(optimized).toContain('fill="#ea4335"');
    expect(optimized).toContain('fill="#4285f4"');
    expect(optimized).not.toContain('Illustrator');
    expect(optimized).not.toContain('metadata');
    expect(optimized).not.toContain('<?xml');
  });

  it('fails on a file that is not XML', () => {
    expect(() => optimizeSvg('<svg><path></svg>')).toThrow();
  });
});

describe('svgDataUri', () => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><title>Société & "Co" (1) 'x' #1 100%</title><path fill="#f00" d="M0 0h10v10H0z"/></svg>`;
  const uri = svgDataUri(svg);

  it('decodes back to the same SVG', () => {
    expect(uri.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(uri.slice('data:image/svg+xml,'.length))).toBe(svg);
  });

  it('reads back the same through the URL parser (as a browser loading it would)', async () => {
    const response = await fetch(uri);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(await response.text()).toBe(svg);
  });

  it('can go unquoted in CSS, or in any quotes in HTML and JS', () => {
    // Characters that would end a url(…), a quoted attribute or string, or start an entity.
    expect(uri).not.toMatch(/[\s"'()<>&#\\]/);
  });

  it('is shorter than base64 for typical SVG text', () => {
    const base64 = btoa(String.fromCodePoint(...new TextEncoder().encode(optimizeSvg(GOOGLE_SVG))));
    expect(svgDataUri(optimizeSvg(GOOGLE_SVG)).length).toBeLessThan(
      `data:image/svg+xml;base64,${base64}`.length,
    );
  });
});

describe('svgSize', () => {
  it('reads width and height, with units, else the viewBox', () => {
    expect(svgSize(GOOGLE_SVG)).toEqual({ width: 272, height: 92 });
    expect(svgSize('<svg width="1in" height="48pt"/>')).toEqual({ width: 96, height: 64 });
    expect(svgSize('<svg viewBox="0 0 300.4 150"/>')).toEqual({ width: 300, height: 150 });
    expect(svgSize('<svg width="100%" height="100%" viewBox="0 0 50 20"/>')).toEqual({
      width: 50,
      height: 20,
    });
    expect(svgSize('<svg/>')).toBeNull();
    expect(svgSize('not svg')).toBeNull();
  });
});

describe('imageHtml', () => {
  it('links the file on Commons, with alt text, size and the credit line as caption', () => {
    expect(imageHtml(google, GOOGLE_SVG)).toBe(
      [
        '<figure>',
        '  <img src="https://upload.wikimedia.org/wikipedia/commons/2/2f/Google_2015_logo.svg" alt="Google 2015 logo" width="272" height="92">',
        '  <figcaption>"<a href="https://commons.wikimedia.org/wiki/File:Google_2015_logo.svg">Google 2015 logo</a>" by Google, via Wikimedia Commons, Public domain</figcaption>',
        '</figure>',
      ].join('\n'),
    );
  });

  it('embeds a bundled icon as a data URI and takes its size from the SVG', () => {
    const html = imageHtml(github, GITHUB_SVG);
    expect(html).toMatch(
      /<img src="data:image\/svg\+xml,%3Csvg%20[^"]+" alt="GitHub" width="64" height="64">/,
    );
    expect(html).toContain(
      '<figcaption>"<a href="https://github.com/logos">GitHub</a>", via Simple Icons, <a href="https://creativecommons.org/publicdomain/zero/1.0/">CC0-1.0</a></figcaption>',
    );
  });

  it('escapes a title or author that holds markup', () => {
    const html = imageHtml(
      { ...google, title: '<script>alert(1)</script> "Q" & A', author: '<b onmouseover=x>Me</b>' },
      GOOGLE_SVG,
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b ');
    expect(html).toContain('alt="&lt;script&gt;alert(1)&lt;/script&gt; &quot;Q&quot; &amp; A"');
    expect(html).toContain('by &lt;b onmouseover=x&gt;Me&lt;/b&gt;');
  });
});

describe('imageMarkdown', () => {
  it('is the image with its credit line, linked, under it', () => {
    expect(imageMarkdown(google, GOOGLE_SVG)).toBe(
      '![Google 2015 logo](<https://upload.wikimedia.org/wikipedia/commons/2/2f/Google_2015_logo.svg>)\n\n' +
        '"[Google 2015 logo](<https://commons.wikimedia.org/wiki/File:Google_2015_logo.svg>)" by Google, via Wikimedia Commons, Public domain',
    );
  });

  it('keeps brackets in a title from ending the alt text', () => {
    expect(imageMarkdown({ ...google, title: 'Logo [old] *v2*' }, GOOGLE_SVG)).toMatch(
      /^!\[Logo \\\[old\\\] \\\*v2\\\*\]\(</,
    );
  });
});

describe('svgCopyText', () => {
  it('gives the SVG as published, untouched', () => {
    expect(svgCopyText('svg', GOOGLE_SVG, google)).toBe(GOOGLE_SVG);
  });

  it('makes a data URI of the optimised SVG', () => {
    const uri = svgCopyText('data-uri', GOOGLE_SVG, google);
    expect(decodeURIComponent(uri.replace('data:image/svg+xml,', ''))).toBe(
      optimizeSvg(GOOGLE_SVG),
    );
  });

  it('names the React component after the logo', () => {
    expect(svgCopyText('react', GOOGLE_SVG, google)).toContain('export function Google2015Logo({');
  });
});

describe('componentName', () => {
  it.each([
    ['Google 2015 logo', 'Google2015Logo'],
    ['GitHub', 'GitHubLogo'],
    ['Apple logo black', 'AppleLogoBlack'],
    ['Société Générale', 'SocieteGeneraleLogo'],
    ['7-Eleven logo', 'Logo7ElevenLogo'],
    ['mcdonald’s (1968)', 'McdonaldS1968Logo'],
    ['中国移动', 'Logo'],
    ['', 'Logo'],
  ])('%s → %s', (title, name) => {
    expect(componentName(title)).toBe(name);
    expect(name).toMatch(/^[A-Z][A-Za-z0-9]*$/);
  });
});
