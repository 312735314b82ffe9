import type { Logo } from '#shared/search/search.schemas.ts';

/** Logos shaped like the adapters' output for the recordings; only what a test sets differs. */
export function testLogo(overrides: Partial<Logo> & { title: string }): Logo {
  const file = overrides.title.replace(/^File:/, '').replace(/ /g, '_');
  const extension = /\.([a-z]+)$/i.exec(file)?.[1]?.toLowerCase() ?? 'svg';
  return {
    url: `https://upload.wikimedia.org/wikipedia/commons/0/00/${encodeURIComponent(file)}`,
    thumbUrl: null,
    fileType: extension === 'jpeg' ? 'jpg' : (extension as Logo['fileType']),
    dateAdded: null,
    description: null,
    size: 5_000,
    width: 300,
    height: 100,
    license: 'Public domain',
    sourceUrl: `https://commons.wikimedia.org/wiki/File:${encodeURIComponent(file)}`,
    searchTerm: '',
    source: 'commons',
    author: null,
    licenseUrl: null,
    attributionRequired: false,
    trademarked: true,
    official: false,
    historical: false,
    brandColor: null,
    guidelinesUrl: null,
    ...overrides,
  };
}
