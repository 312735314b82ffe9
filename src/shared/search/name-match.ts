import type { NameIndex } from './search.schemas.ts';
import { normaliseWords } from './normalise-words.ts';
import {
  allowedEdits,
  boundedEditDistance,
  charMask,
  charsMissing,
  masksAllow,
} from './text-match.ts';
import { typedWebsite } from './website.ts';

/**
 * Matching a typed name against the catalogue's names: the server's catalogue search and
 * suggestions, and the search box in the browser (docs/decisions/038-names-matched-in-the-browser.md),
 * so both always agree.
 */

/** The search box and browsers' address bars show about eight suggestions. */
export const SUGGESTION_LIMIT = 8;

export type NameKey = {
  /** Normalised words, space-separated, with a leading space for word-start checks. */
  spacedWords: string;
  compact: string;
  /** `charMask(compact)`, to skip hopeless typo comparisons cheaply. */
  mask: number;
  /** Alternative names (aka, duplicates, translations, former names) rank a little lower. */
  alias: boolean;
};

/** One key per compact form of a title, slug and aliases: the first of them wins. */
export function nameKeys(title: string, slug: string, aliases: readonly string[]): NameKey[] {
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

/** A catalogue entry as matching sees it: its shown title and its keys. */
export type NamedEntry = { title: string; keys: readonly NameKey[] };

/**
 * Entries matching `text`, best first; typo matches ('gihub') only when nothing matches directly,
 * so a correct name never drags in look-alikes.
 */
export function matchNames<Entry extends NamedEntry>(
  entries: readonly Entry[],
  text: string,
  limit: number,
): Entry[] {
  const words = normaliseWords(text);
  const compact = words.replace(/ /g, '');
  if (!compact) return [];
  const query: Query = { spacedWords: ` ${words}`, compact, mask: charMask(compact) };
  const rawTitle = text.trim().toLowerCase();
  // A website is pasted, not spelt from memory: a near miss is another company ('stripe.com' is
  // not 'Trip.com').
  const typosAllowed = typedWebsite(text) === null;
  const matches: { entry: Entry; score: number }[] = [];
  for (const entry of entries) {
    let best = 0;
    for (const key of entry.keys) best = Math.max(best, scoreKey(query, key));
    if (!typosAllowed && best < SUBSTRING - ALIAS_PENALTY) continue;
    if (best <= 0) continue;
    // 'C++' and 'C' normalise alike; the exact spelling decides.
    if (entry.title.toLowerCase() === rawTitle) best += 1;
    matches.push({ entry, score: best });
  }
  const hasDirect = matches.some((m) => m.score >= SUBSTRING - ALIAS_PENALTY);
  return matches
    .filter((m) => !hasDirect || m.score >= SUBSTRING - ALIAS_PENALTY)
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.entry.title.length - b.entry.title.length ||
        a.entry.title.localeCompare(b.entry.title, 'en'),
    )
    .slice(0, limit)
    .map((m) => m.entry);
}

/** Titles for the search box from entries `matchNames` ranked (given twice the limit). */
export function distinctTitles(entries: readonly NamedEntry[], limit = SUGGESTION_LIMIT): string[] {
  return [...new Set(entries.map((entry) => entry.title))].slice(0, limit);
}

/** Catalogue titles for the search box, matching by prefix, word start or with a typo. */
export function suggestTitles(
  entries: readonly NamedEntry[],
  text: string,
  limit = SUGGESTION_LIMIT,
): string[] {
  return distinctTitles(matchNames(entries, text, limit * 2), limit);
}

/** The catalogue's entries from GET /api/search/names, ready for `suggestTitles`. */
export function namedEntries(index: NameIndex): NamedEntry[] {
  return index.names.map(([title, slug, ...aliases]) => ({
    title,
    keys: nameKeys(title, slug, aliases),
  }));
}
