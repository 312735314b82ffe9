/**
 * Typo tolerance for the catalogue search and the ranking, on the server and in the browser (the
 * search box's names, docs/decisions/038-names-matched-in-the-browser.md), written here: a bounded
 * edit distance over a few thousand precomputed keys is fast enough and easy to reason about.
 * Keys are normalised by normalise-words.ts.
 */

// Scratch rows reused across the thousands of calls per search (allocating them dominated).
let scratch = [new Int32Array(64), new Int32Array(64), new Int32Array(64)] as const;

/**
 * Optimal-string-alignment distance, or `max + 1` once it is known to exceed `max`: typo
 * tolerance only asks "within two edits?", and stopping early keeps catalogue scans cheap.
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const cols = b.length + 1;
  if (scratch[0].length < cols) {
    const size = cols * 2;
    scratch = [new Int32Array(size), new Int32Array(size), new Int32Array(size)] as const;
  }
  // Three rolling rows (the one before the previous is needed for transpositions).
  let [prevPrev, prev, row] = scratch;
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
  return length < 4 ? 0 : length <= 6 ? 1 : 2;
}

/**
 * A 32-bit set of a string's characters. Each edit adds at most one character the other lacks, so
 * strings within `max` edits differ in at most `max` each way: a cheap pre-test.
 */
export function charMask(text: string): number {
  let mask = 0;
  for (let i = 0; i < text.length; i++) mask |= 1 << (text.charCodeAt(i) & 31);
  return mask;
}

/** How many characters of mask `a` are missing from mask `b`. */
export function charsMissing(a: number, b: number): number {
  let count = 0;
  for (let v = (a & ~b) >>> 0; v; v &= v - 1) count++;
  return count;
}

/** False when two strings (given their `charMask`s) cannot be within `max` edits of each other. */
export function masksAllow(a: number, b: number, max: number): boolean {
  return charsMissing(a, b) <= max && charsMissing(b, a) <= max;
}
