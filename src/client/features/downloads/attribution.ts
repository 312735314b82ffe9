import type { Logo } from '#shared/search/search.schemas.ts';

type AttributionFields = Pick<
  Logo,
  'title' | 'author' | 'license' | 'licenseUrl' | 'sourceUrl' | 'url' | 'source'
>;

const VIA: Record<Logo['source'], string> = {
  commons: 'via Wikimedia Commons',
  wikidata: 'via Wikimedia Commons',
  'simple-icons': 'via Simple Icons',
};

function isAbsoluteUrl(value: string | null): value is string {
  return value !== null && /^https?:\/\//i.test(value);
}

/**
 * A ready-to-paste credit line in the TASL order (title, author, source, license) that Wikimedia
 * Commons recommends:
 *
 *   "Google 2015 logo" by Google Inc., via Wikimedia Commons, Public domain, https://commons.wikimedia.org/wiki/File:Google_2015_logo.svg
 *
 * Missing parts are left out rather than guessed; a license's link follows its name when known.
 */
export function creditLine(logo: AttributionFields): string {
  const title = logo.title.trim().replace(/"/g, "'") || 'Untitled logo';
  const author = logo.author?.trim();
  const parts = [author ? `"${title}" by ${author}` : `"${title}"`, VIA[logo.source]];

  const license = logo.license?.trim();
  if (license) {
    parts.push(isAbsoluteUrl(logo.licenseUrl) ? `${license} (${logo.licenseUrl})` : license);
  }

  // Bundled icons live at a relative /api/icons/… address, which means nothing once pasted.
  const link = isAbsoluteUrl(logo.sourceUrl)
    ? logo.sourceUrl
    : isAbsoluteUrl(logo.url)
      ? logo.url
      : null;
  if (link) parts.push(link);
  return parts.join(', ');
}
