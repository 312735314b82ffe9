import type { Logo } from '#shared/search/search.schemas.ts';
import { compactKey, normaliseWords } from '#shared/search/normalise-words.ts';

/**
 * The order of logos for one name. Commons' relevance mixes official logos with photos of signs and
 * derivative works: re-sorted for "the X logo", keeping upstream order inside each group.
 */

/**
 * Groups, best first. A logo's group is the first rule it meets (docs/product.md#result-ranking).
 * Which Wikidata item is the company, and which of its logos are current, the Wikidata source
 * decides (`sources/wikidata.ts`).
 */
const RANK_GROUPS = [
  'official-current', // Wikidata's current logo (P154) of the item named: preferred rank, no end
  'official-former', // its former logos: an end time, or normal rank beside a preferred one
  'exact-name', // 'Google logo.svg', 'Google 2015 logo.svg'
  'name-and-logo', // 'Google Cloud logo.svg': a logo, but maybe of something else of the company
  'catalogue-icon', // Simple Icons: clean brand icons, but a single-colour mark, not the full logo
  'weak-match', // mentions the name without 'logo', or not at all
  'photograph', // photos of signs and stages
] as const;
type RankGroup = (typeof RANK_GROUPS)[number];

/** Space-separated words, in lines grouped by meaning. */
function wordSet(...lines: string[]): Set<string> {
  return new Set(lines.join(' ').split(' '));
}

const FILE_EXTENSION = /\.(svg|png|jpe?g|gif|webp|tiff?)$/i;
const YEAR = /^(1[89]|20)\d\d$/;
/**
 * Words that do not change which logo a title names: 'Apple Inc. logo (1998).svg' and 'Apple
 * logo black.svg' are the Apple logo; 'Apple Records logo.svg' is not.
 */
const NEUTRAL_WORDS = wordSet(
  'logo logos logotype wordmark file of the present',
  'inc corp corporation llc ltd limited plc gmbh ag',
  'black white grey gray rainbow mono monochrome color colour colored coloured',
);

const PHOTO_PIXELS = 1000;
const PHOTO_BYTES = 500 * 1024;
/** Photo formats; PNG logos are often large, so PNG never counts as a photograph. */
const PHOTO_TYPES = new Set(['jpg', 'webp']);
/** Words of a photo's caption: 'Apple logo on a MacBook lid', 'Microsoft Building 92 sign'. */
const SCENE_WORDS = wordSet(
  'on at in sign signage store shop office building headquarters hq',
  'stage keynote street billboard photo photograph',
);

type TitleFacts = {
  /** The title names the searched name as whole words ('Google Cloud', not 'Googleplex'). */
  containsName: boolean;
  hasLogoWord: boolean;
  /** The title is the name, optionally with 'logo', a year or a company suffix. */
  exact: boolean;
  describesScene: boolean;
};

function titleWords(title: string): string {
  return normaliseWords(title.replace(/^File:/i, '').replace(FILE_EXTENSION, ''));
}

export function describeTitle(title: string, name: string): TitleFacts {
  const words = titleWords(title);
  const nameWords = normaliseWords(name);
  const nameCompact = compactKey(name);
  const compact = words.replace(/ /g, '');
  // Commons also has run-together names such as 'Googlelogo.png'.
  const containsName =
    nameWords !== '' &&
    (` ${words} `.includes(` ${nameWords} `) || compact.startsWith(`${nameCompact}logo`));
  const hasLogoWord = /logo/.test(compact);
  const meaningful = words
    .split(' ')
    .filter((w) => w !== '' && !YEAR.test(w) && !NEUTRAL_WORDS.has(w))
    .join(' ');
  const exact =
    nameWords !== '' &&
    (meaningful === nameWords ||
      meaningful.replace(/ /g, '') === nameCompact ||
      compact === `${nameCompact}logo`);
  const describesScene = words.split(' ').some((w) => SCENE_WORDS.has(w));
  return { containsName, hasLogoWord, exact, describesScene };
}

function photoSize(logo: Logo): { large: boolean; veryLarge: boolean } {
  if (!PHOTO_TYPES.has(logo.fileType)) return { large: false, veryLarge: false };
  const bigPixels = (logo.width ?? 0) > PHOTO_PIXELS || (logo.height ?? 0) > PHOTO_PIXELS;
  const bigBytes = (logo.size ?? 0) > PHOTO_BYTES;
  return { large: bigPixels || bigBytes, veryLarge: bigPixels && bigBytes };
}

export function rankGroup(logo: Logo, name: string): RankGroup {
  if (logo.official) return logo.historical ? 'official-former' : 'official-current';
  const facts = describeTitle(logo.title, name);
  if (logo.source === 'simple-icons') return 'catalogue-icon';
  const photo = photoSize(logo);
  // A big JPEG is a photo unless titled as the logo ('Google logo on stage at I/O.jpg' is not).
  if (
    photo.large &&
    !facts.exact &&
    (!facts.hasLogoWord || photo.veryLarge || facts.describesScene)
  ) {
    return 'photograph';
  }
  if (facts.exact) return 'exact-name';
  if (facts.containsName && facts.hasLogoWord) return 'name-and-logo';
  return 'weak-match';
}

type RankOptions = {
  /** With a file-type filter every logo has the same type, so vector-first does not apply. */
  allFormats: boolean;
};

/** Groups whose order is Wikidata's (current, then former most recent first), whatever the format. */
const OFFICIAL_GROUPS = new Set<RankGroup>(['official-current', 'official-former']);

/**
 * The logos found for one name, best first; stable, so equal logos keep the sources' order. SVG
 * before raster inside each group except the official ones: an official current PNG is still the
 * logo, and a former logo's vector file does not make it more recent.
 */
export function rankLogos(logos: readonly Logo[], name: string, options: RankOptions): Logo[] {
  return logos
    .map((logo, index) => {
      const group = rankGroup(logo, name);
      const vectorFirst = options.allFormats && !OFFICIAL_GROUPS.has(group);
      return {
        logo,
        index,
        group: RANK_GROUPS.indexOf(group),
        raster: vectorFirst && logo.fileType !== 'svg' ? 1 : 0,
      };
    })
    .sort((a, b) => a.group - b.group || a.raster - b.raster || a.index - b.index)
    .map((entry) => entry.logo);
}
