import { LRUCache } from 'lru-cache';
import * as bundledIcons from 'simple-icons';
import iconData from 'simple-icons/icons.json' with { type: 'json' };
import type { SimpleIcon } from 'simple-icons';
import type { Logo } from '#shared/search/search.schemas.ts';
import {
  allowedEdits,
  boundedEditDistance,
  charMask,
  charsMissing,
  compactKey,
  masksAllow,
  normaliseWords,
} from '../text-match.ts';
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

type NameKey = {
  /** Normalised words, space-separated, with a leading space for word-start checks. */
  spacedWords: string;
  compact: string;
  /** `charMask(compact)`, to skip hopeless typo comparisons cheaply. */
  mask: number;
  /** Alternative names (aka, duplicates, translations, former names) rank a little lower. */
  alias: boolean;
};

type Entry = { icon: SimpleIcon; keys: NameKey[]; svg: string; logo: Omit<Logo, 'searchTerm'> };

type Index = { entries: Entry[]; bySlug: Map<string, Entry> };

let index: Index | undefined;

/** The icon in its brand colour (the package's SVGs have no fill, i.e. render black). */
function colouredSvg(icon: SimpleIcon): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 24 24" width="${ICON_SIZE}" height="${ICON_SIZE}" fill="#${icon.hex}">` +
    `<title>${escapeXml(icon.title)}</title><path d="${escapeXml(icon.path)}"/></svg>`
  );
}

function toLogo(icon: SimpleIcon, svg: string): Omit<Logo, 'searchTerm'> {
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
    licenseUrl: license ? license.url : CC0_URL,
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

function nameKeys(title: string, slug: string, aliases: string[]): NameKey[] {
  // One key per compact form: the first of title, slug and aliases wins.
  const keys = new Map<string, NameKey>();
  const add = (text: string, alias: boolean) => {
    const words = normaliseWords(text);
    const compact = words.replace(/ /g, '');
    if (compact && !keys.has(compact))
      keys.set(compact, { spacedWords: ` ${words}`, compact, mask: charMask(compact), alias });
  };
  add(title, false);
  add(slug, false);
  for (const alias of aliases) add(alias, true);
  return [...keys.values()];
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
  const entries = Object.values(bundledIcons).map((value): Entry => {
    const icon = value as SimpleIcon;
    const svg = colouredSvg(icon);
    const keys = nameKeys(icon.title, icon.slug, aliasesBySlug.get(icon.slug) ?? []);
    return { icon, keys, svg, logo: toLogo(icon, svg) };
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

// Score bands: exact > prefix > substring > typo; inside a band, names closer in length first.
const EXACT = 1000;
const PREFIX = 800;
const WORD_PREFIX = 700;
const SUBSTRING = 600;
const TYPO = 400;
const TYPO_PREFIX = 300;
const ALIAS_PENALTY = 50;

type Query = { spacedWords: string; compact: string; mask: number };

function scoreKey(query: Query, key: NameKey): number {
  const q = query.compact;
  const closeness = (q.length / key.compact.length) * 40;
  let score: number;
  if (key.compact === q) score = EXACT;
  else if (key.compact.startsWith(q)) score = PREFIX + closeness;
  else if (key.spacedWords.includes(query.spacedWords)) score = WORD_PREFIX + closeness;
  // Shorter fragments are inside too many unrelated names ('att' in 'Bugatti').
  else if (q.length >= 4 && key.compact.includes(q)) score = SUBSTRING + closeness;
  else {
    const max = allowedEdits(q.length);
    if (max === 0) return 0;
    // The typo-in-the-start case compares with a prefix: only the query side of the mask holds.
    const whole = masksAllow(query.mask, key.mask, max)
      ? boundedEditDistance(q, key.compact, max)
      : max + 1;
    if (whole <= max) {
      score = TYPO - whole * 40 + closeness;
    } else if (
      q.length >= 5 &&
      key.compact.length > q.length &&
      key.compact[0] === q[0] &&
      charsMissing(query.mask, key.mask) <= 1
    ) {
      // One typo in a longer name's start: 'gogle dr' → 'Google Drive'. Two would let 'microsoft'
      // find 'Microstation'.
      let best = 2;
      for (let len = q.length - 1; len <= q.length + 1; len++) {
        best = Math.min(best, boundedEditDistance(q, key.compact.slice(0, len), 1));
      }
      if (best > 1) return 0;
      score = TYPO_PREFIX - best * 40 + closeness;
    } else {
      return 0;
    }
  }
  return key.alias ? score - ALIAS_PENALTY : score;
}

type Match = { entry: Entry; score: number };

/**
 * Entries matching `text`, best first; typo matches ('gihub') only when nothing matches directly,
 * so a correct name never drags in look-alikes.
 */
function matchIcons(text: string, limit: number): Entry[] {
  const words = normaliseWords(text);
  const compact = words.replace(/ /g, '');
  const query: Query = { spacedWords: ` ${words}`, compact, mask: charMask(compact) };
  if (!query.compact) return [];
  const rawTitle = text.trim().toLowerCase();
  const matches: Match[] = [];
  for (const entry of getIndex().entries) {
    let best = 0;
    for (const key of entry.keys) best = Math.max(best, scoreKey(query, key));
    if (best <= 0) continue;
    // 'C++' and 'C' normalise alike; the exact spelling decides.
    if (entry.icon.title.toLowerCase() === rawTitle) best += 1;
    matches.push({ entry, score: best });
  }
  const hasDirect = matches.some((m) => m.score >= SUBSTRING - ALIAS_PENALTY);
  return matches
    .filter((m) => !hasDirect || m.score >= SUBSTRING - ALIAS_PENALTY)
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.entry.icon.title.length - b.entry.icon.title.length ||
        a.entry.icon.title.localeCompare(b.entry.icon.title, 'en'),
    )
    .slice(0, limit)
    .map((m) => m.entry);
}

// Fuzzy matching costs milliseconds and a name's answer never changes: recent ones are kept.
const matchMemo = new LRUCache<string, Entry[]>({ max: 2_000 });

function matchIconsMemoized(name: string, limit: number): Entry[] {
  const key = `${limit}:${name.toLowerCase()}`;
  let entries = matchMemo.get(key);
  if (!entries) matchMemo.set(key, (entries = matchIcons(name, limit)));
  return entries;
}

export function searchIcons(name: string, limit = SEARCH_LIMIT): Logo[] {
  return matchIconsMemoized(name, limit).map((entry) => ({ ...entry.logo, searchTerm: name }));
}

/** The search box and browsers' address bars show about eight suggestions. */
const SUGGESTION_LIMIT = 8;

/** Catalogue titles for the search box, matching by prefix or with a typo. */
export function suggestIconTitles(text: string, limit = SUGGESTION_LIMIT): string[] {
  if (!compactKey(text)) return [];
  const titles = matchIconsMemoized(text, limit * 2).map((entry) => entry.icon.title);
  return [...new Set(titles)].slice(0, limit);
}

export function sampleLogos(): Logo[] {
  const { bySlug } = getIndex();
  return SAMPLE_SLUGS.flatMap((slug) => {
    const entry = bySlug.get(slug);
    return entry ? [{ ...entry.logo, searchTerm: entry.icon.title }] : [];
  });
}

/** The icon's SVG in its brand colour, with a <title>, or null for an unknown slug. */
export function getIconSvg(slug: string): string | null {
  return getIndex().bySlug.get(slug)?.svg ?? null;
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
