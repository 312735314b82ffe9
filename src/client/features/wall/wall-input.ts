/* Turning what a person pastes or drops into the wall's list of names. */

import { WALL_MAX_NAMES, WALL_MAX_NAME_LENGTH } from '#shared/wall/wall.schemas.ts';

/** The most names one wall holds, and the longest name (the resolve API refuses more). */
export const MAX_WALL_NAMES = WALL_MAX_NAMES;
export const MAX_WALL_NAME_LENGTH = WALL_MAX_NAME_LENGTH;

/** Column headings that name the column to read in a CSV file. */
const NAME_HEADINGS = new Set(['name', 'names', 'company', 'companies', 'brand', 'brands']);

export type ParsedNames = {
  names: string[];
  /** Set when the list cannot be used as it is: a sentence saying why. */
  problem: string | null;
};

function tidy(name: string): string {
  return name.replace(/\s+/g, ' ').trim();
}

/** The names in order, each once (case does not matter), blank ones dropped, with any problem. */
function checked(raw: readonly string[]): ParsedNames {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const candidate of raw.map(tidy)) {
    const key = candidate.toLowerCase();
    if (!candidate || seen.has(key)) continue;
    seen.add(key);
    names.push(candidate);
  }
  if (names.length === 0) return { names, problem: 'Enter at least one company name.' };
  if (names.length > MAX_WALL_NAMES) {
    const extra = names.length - MAX_WALL_NAMES;
    return {
      names,
      problem: `A wall holds up to ${MAX_WALL_NAMES} names: this list has ${names.length}. Remove ${extra} to continue.`,
    };
  }
  const long = names.find((name) => name.length > MAX_WALL_NAME_LENGTH);
  if (long) {
    return {
      names,
      problem: `Names can be at most ${MAX_WALL_NAME_LENGTH} characters: “${long.slice(0, 40)}…” is longer.`,
    };
  }
  return { names, problem: null };
}

/**
 * Names typed or pasted: one per line, or, when everything is on one line, separated by commas.
 * A list of lines keeps commas inside a line ('Acme, Inc.').
 */
export function parseNameList(text: string): ParsedNames {
  const lines = text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '');
  return checked(lines.length > 1 ? lines : (lines[0] ?? '').split(','));
}

/** One CSV line's cells: quoted cells may hold the delimiter and doubled quotes. */
function csvCells(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells.map((value) => value.trim());
}

/** The delimiter of a CSV file: the one of comma, semicolon and tab that its first line uses most. */
function csvDelimiter(firstLine: string): string {
  const counts = [',', ';', '\t'].map((d) => ({ d, n: firstLine.split(d).length - 1 }));
  return counts.reduce((best, next) => (next.n > best.n ? next : best)).d;
}

/**
 * The names in a CSV file: the column headed name, company or brand when the first row has one
 * (that row is then left out), otherwise the first column.
 */
export function parseCsv(text: string): ParsedNames {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim() !== '');
  if (lines.length === 0) return checked([]);
  const delimiter = csvDelimiter(lines[0]!);
  const rows = lines.map((line) => csvCells(line, delimiter));
  const heading = rows[0]!.findIndex((cell) => NAME_HEADINGS.has(cell.toLowerCase()));
  const column = Math.max(0, heading);
  const body = heading === -1 ? rows : rows.slice(1);
  return checked(body.map((row) => row[column] ?? ''));
}

/** A dropped or chosen file's names: .csv as CSV, anything else as a list. */
export function parseNameFile(fileName: string, text: string): ParsedNames {
  return /\.csv$/i.test(fileName) ? parseCsv(text) : parseNameList(text);
}
