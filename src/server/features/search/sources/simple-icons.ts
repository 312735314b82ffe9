import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { LRUCache } from 'lru-cache';
import iconData from 'simple-icons/icons.json' with { type: 'json' };
import { svgToPath, type IconData } from 'simple-icons/sdk';
import type { Logo, NameIndex } from '#shared/search/search.schemas.ts';
import { compactKey } from '#shared/search/normalise-words.ts';
import {
  SUGGESTION_LIMIT,
  distinctTitles,
  matchNames,
  nameKeys,
  type NameKey,
  type NamedEntry,
} from '#shared/search/name-match.ts';
import type { LogoSource } from './logo-source.ts';
import { escapeXml } from '#server/lib/escape-xml.ts';

/**
 * The offline catalogue: Simple Icons' ~3,400 brand icons, bundled. Instant and offline, so search
 * shows something when Wikimedia is down; also the home samples and the suggestions.
 */

const CC0_URL = 'https://creativecommons.org/publicdomain/zero/1.0/';
const ICON_SIZE = 24;
/** How many icons one name contributes to a search; the rest are variants nobody scrolls to. */
const SEARCH_LIMIT = 8;

/**
 * The home page's examples, each checked against the installed catalogue by a test (an upgrade
 * once dropped Slack).
 */
export const SAMPLE_SLUGS = [
  'google',
  'apple',
  'github',
  'spotify',
  'netflix',
  'figma',
  'airbnb',
  'firefox',
  'discord',
] as const;

/** An icon as the package's data lists it (every entry has its slug). */
type CatalogueIcon = IconData & { slug: string };

type Entry = NamedEntry & { icon: CatalogueIcon };

const require = createRequire(import.meta.url);

/**
 * The icon's path, from its file in the package. Read when asked for, not imported: the package's
 * module holds every icon's SVG and path (9.4 MB of an idle server's heap) for the few dozen a
 * visitor sees.
 */
function iconPath(slug: string): string {
  return svgToPath(readFileSync(require.resolve(`simple-icons/icons/${slug}.svg`), 'utf8'));
}

type Index = { entries: Entry[]; bySlug: Map<string, Entry> };

let index: Index | undefined;

/** The icon in its brand colour (the package's SVGs have no fill, i.e. render black). */
function colouredSvg(icon: CatalogueIcon): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 24 24" width="${ICON_SIZE}" height="${ICON_SIZE}" fill="#${icon.hex}">` +
    `<title>${escapeXml(icon.title)}</title><path d="${escapeXml(iconPath(icon.slug))}"/></svg>`
  );
}

/*
 * An icon's coloured SVG and its logo are made when a search, a page or /api/icons asks for them,
 * and the recent ones kept: made for all ~3,400 icons at start they held ~5 MB of an idle
 * server's memory for the few dozen a visitor sees.
 */
const made = new LRUCache<string, { svg: string; logo: Omit<Logo, 'searchTerm'> }>({ max: 500 });

function madeFor(icon: CatalogueIcon) {
  let found = made.get(icon.slug);
  if (!found) {
    const svg = colouredSvg(icon);
    made.set(icon.slug, (found = { svg, logo: toLogo(icon, svg) }));
  }
  return found;
}

function toLogo(icon: CatalogueIcon, svg: string): Omit<Logo, 'searchTerm'> {
  const license = icon.license;
  return {
    title: icon.title,
    url: `/api/icons/${icon.slug}.svg`,
    thumbUrl: `/api/icons/${icon.slug}.svg`,
    fileType: 'svg',
    dateAdded: null,
    description: `${icon.title} icon from Simple Icons`,
    size: Buffer.byteLength(svg, 'utf8'),
    width: ICON_SIZE,
    height: ICON_SIZE,
    // 'custom' alone means nothing to a designer; the licence URL says what it is.
    license: license ? (license.type === 'custom' ? 'Custom license' : license.type) : 'CC0-1.0',
    // The data names an SPDX licence by its id; its page is where the package's module points.
    licenseUrl: license
      ? 'url' in license
        ? license.url
        : `https://spdx.org/licenses/${license.type}`
      : CC0_URL,
    sourceUrl: icon.source,
    author: null,
    attributionRequired: false,
    trademarked: true,
    official: false,
    historical: false,
    brandColor: icon.hex,
    guidelinesUrl: icon.guidelines ?? null,
    source: 'simple-icons',
  };
}

function buildIndex(): Index {
  const aliasesBySlug = new Map<string, string[]>();
  for (const data of iconData) {
    const a = data.aliases;
    if (!a) continue;
    aliasesBySlug.set(data.slug, [
      ...(a.aka ?? []),
      ...(a.dup ?? []).flatMap((d) => [d.title, ...Object.values(d.loc ?? {})]),
      ...Object.values(a.loc ?? {}),
      ...(a.old ?? []),
    ]);
  }
  const entries = (iconData as CatalogueIcon[]).map((icon): Entry => {
    const keys = nameKeys(icon.title, icon.slug, aliasesBySlug.get(icon.slug) ?? []);
    return { title: icon.title, icon, keys };
  });
  return { entries, bySlug: new Map(entries.map((entry) => [entry.icon.slug, entry])) };
}

/** Built once (about 100 ms), then kept: the catalogue never changes while running. */
function getIndex(): Index {
  return (index ??= buildIndex());
}

/** Builds the index now, at start-up, so the first visitor does not wait for it. */
export function preloadCatalogue(): void {
  getIndex();
}

// Fuzzy matching costs milliseconds and a name's answer never changes: recent ones are kept.
const matchMemo = new LRUCache<string, Entry[]>({ max: 2_000 });

function matchIconsMemoized(name: string, limit: number): Entry[] {
  const key = `${limit}:${name.toLowerCase()}`;
  let entries = matchMemo.get(key);
  if (!entries) matchMemo.set(key, (entries = matchNames(getIndex().entries, name, limit)));
  return entries;
}

export function searchIcons(name: string, limit = SEARCH_LIMIT): Logo[] {
  return matchIconsMemoized(name, limit).map((entry) => ({
    ...madeFor(entry.icon).logo,
    searchTerm: name,
  }));
}

/** Catalogue titles for the search box, matching by prefix or with a typo. */
export function suggestIconTitles(text: string, limit = SUGGESTION_LIMIT): string[] {
  if (!compactKey(text)) return [];
  return distinctTitles(matchIconsMemoized(text, limit * 2), limit);
}

/**
 * Every icon's names for matching in the browser: its title, then its slug and aliases as
 * normalised words, each only when it adds a key of its own (`nameKeys` over them gives the same
 * keys as on the server; normalising twice changes nothing).
 */
export function catalogueNames(): NameIndex {
  return {
    names: getIndex().entries.map(({ title, keys }): NameIndex['names'][number] => {
      const titleKey = compactKey(title);
      const words = (key: NameKey) => key.spacedWords.slice(1);
      const slug = keys.find((key) => !key.alias && key.compact !== titleKey);
      return [title, slug ? words(slug) : '', ...keys.filter((key) => key.alias).map(words)];
    }),
  };
}

export function sampleLogos(): Logo[] {
  const { bySlug } = getIndex();
  return SAMPLE_SLUGS.flatMap((slug) => {
    const entry = bySlug.get(slug);
    return entry ? [{ ...madeFor(entry.icon).logo, searchTerm: entry.icon.title }] : [];
  });
}

/** The icon's SVG in its brand colour, with a <title>, or null for an unknown slug. */
export function getIconSvg(slug: string): string | null {
  const entry = getIndex().bySlug.get(slug);
  return entry ? madeFor(entry.icon).svg : null;
}

export function createSimpleIconsSource(): LogoSource {
  return {
    name: 'simple-icons',
    search: async ({ name, fileType, page }) => {
      // Bundled icons are all SVG and fit on the first page.
      if (page > 0 || (fileType && fileType !== 'svg')) return { logos: [], hasMore: false };
      // Synchronous CPU work: let the other sources send their requests first (overlapping).
      await new Promise((resolve) => setImmediate(resolve));
      return { logos: searchIcons(name), hasMore: false };
    },
  };
}
