import { VARIANT_WORDS, type BackgroundTone } from '#shared/search/logo-variants.ts';
import { normaliseWords } from '#shared/search/normalise-words.ts';
import type { Logo, LogoVariant } from '#shared/search/search.schemas.ts';

/*
 * Light and dark versions among one search's logos (docs/product.md#light-and-dark-versions): two
 * files are a pair when their titles differ only by a variant word ('Apple logo black' and 'Apple
 * logo white'; 'Netflix 2015 logo' and 'Netflix 2015 logo (white)'). Titles are compared word for
 * word, so 'Google logo' never pairs with 'Google Maps logo'.
 */

const TONE_OF_WORD = new Map<string, BackgroundTone>(
  (['light', 'dark'] as const).flatMap((tone) => VARIANT_WORDS[tone].map((word) => [word, tone])),
);

/** Words that only go with a variant word ('white version', 'on dark background'). */
const FILLER_WORDS = new Set(['version', 'variant', 'mode', 'on', 'for', 'background', 'bg']);

/**
 * A title's pairing key (its words without the variant words) and the background its variant word
 * names; null tone for a title without one. Null when it names both ('black and white logo').
 */
export function readVariantTitle(
  title: string,
): { key: string; tone: BackgroundTone | null } | null {
  const words = normaliseWords(title).split(' ').filter(Boolean);
  const tones = new Set(words.flatMap((word) => TONE_OF_WORD.get(word) ?? []));
  if (tones.size > 1) return null;
  const [tone = null] = tones;
  const kept = tone
    ? words.filter((word) => !TONE_OF_WORD.has(word) && !FILLER_WORDS.has(word))
    : words;
  return kept.length > 0 ? { key: kept.join(' '), tone } : null;
}

function variantOf(logo: Logo): LogoVariant {
  const { title, url, thumbUrl, fileType, width, height } = logo;
  const { license, licenseUrl, author, sourceUrl } = logo;
  return { title, url, thumbUrl, fileType, width, height, license, licenseUrl, author, sourceUrl };
}

/**
 * `logos` (one name's ranked results) with `variants` set on each file of a light/dark pair. For
 * light backgrounds the best-ranked file named for them ('black'), else the best-ranked plain
 * title; for dark ones the best-ranked file named for them ('white', 'negative'). Order unchanged.
 */
export function pairVariants(logos: readonly Logo[]): Logo[] {
  const groups = new Map<string, { tone: BackgroundTone | null; logo: Logo }[]>();
  for (const logo of logos) {
    const read = readVariantTitle(logo.title);
    if (!read) continue;
    const members = groups.get(read.key) ?? [];
    members.push({ tone: read.tone, logo });
    groups.set(read.key, members);
  }
  const paired = new Map<string, NonNullable<Logo['variants']>>();
  for (const members of groups.values()) {
    const dark = members.find((member) => member.tone === 'dark')?.logo;
    const light = (
      members.find((member) => member.tone === 'light') ??
      members.find((member) => member.tone === null)
    )?.logo;
    if (!dark || !light || dark.url === light.url) continue;
    const variants = { light: variantOf(light), dark: variantOf(dark) };
    paired.set(light.url, variants);
    paired.set(dark.url, variants);
  }
  if (paired.size === 0) return [...logos];
  return logos.map((logo) => {
    const variants = paired.get(logo.url);
    return variants ? { ...logo, variants } : logo;
  });
}
