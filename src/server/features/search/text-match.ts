/**
 * Small text-matching helpers shared by the offline catalogue search and the ranking. Written
 * here rather than pulled in as a dependency: the catalogue is a few thousand short names, so a
 * bounded edit distance over precomputed keys is fast enough and easy to reason about.
 */

/**
 * Lower-case words without accents or punctuation: 'Société Radio-Canada' → 'societe radio canada'.
 * '&' and '+' are dropped ('AT&T' → 'at t'), because people type 'att' and 'google plus' alike.
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

/**
 * Optimal-string-alignment distance (Damerau-Levenshtein with adjacent transpositions), or
 * `max + 1` as soon as the distance is known to exceed `max`: typo tolerance needs only "is it
 * within two edits", and stopping early keeps a scan over the whole catalogue cheap.
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const cols = b.length + 1;
  // Three rolling rows (the one before the previous is needed for transpositions).
  let prevPrev = new Int32Array(cols);
  let prev = new Int32Array(cols);
  let row = new Int32Array(cols);
  for (let j = 0; j < cols; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j < cols; j++) {
      const bj = b.charCodeAt(j - 1);
      let value = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        value = Math.min(value, prevPrev[j - 2]! + 1);
      }
      row[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [prevPrev, prev, row] = [prev, row, prevPrev];
  }
  const distance = prev[b.length]!;
  return distance > max ? max + 1 : distance;
}

/** How many typos a query of this length may contain and still count as a match. */
export function allowedEdits(length: number): number {
  if (length < 4) return 0;
  if (length <= 6) return 1;
  return 2;
}
