// Apart from the edit distance (text-match.ts) so the search box's recent searches can match
// without the first page loading the catalogue matcher (docs/decisions/038-names-matched-in-the-browser.md).

/**
 * Lower-case words without accents or punctuation: 'Société Radio-Canada' → 'societe radio canada',
 * 'AT&T' → 'at t' ('&' and '+' dropped, as people type 'att' and 'google plus' alike).
 */
export function normaliseWords(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The normalised words run together: 'Git Hub' and 'github' compare equal. */
export function compactKey(text: string): string {
  return normaliseWords(text).replace(/ /g, '');
}
