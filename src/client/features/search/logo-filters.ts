import type { FileType, Logo } from '#shared/search/search.schemas.ts';

/*
 * The Advanced Filters of / and /search (docs/product.md), one row per filter. Both pages filter
 * the logos already loaded; the file type also goes to the server to narrow the Commons search.
 */

export type FilterPage = 'home' | 'search';
type Choices<V extends string> = Record<
  FilterPage,
  readonly (readonly [value: V, label: string])[]
>;

interface FilterDescriptor<V extends string = string> {
  /** The address parameter, shared by / and /search so a link carries its filters. */
  param: string;
  title: string;
  /** Single-choice filters are radio buttons headed by this "no filter" choice; the rest are checkboxes. */
  anyLabel?: Record<FilterPage, string>;
  choices: Choices<V>;
  matches: (logo: Logo, value: V, now: Date) => boolean;
  /** Why choices (their labels, joined) match none of `logos`. */
  unmatched: (labels: string, logos: readonly Logo[]) => string;
}

/** 'a', 'a or b', 'a, b or c'. */
function either(labels: readonly string[]): string {
  return labels.length < 2
    ? labels.join('')
    : `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;
type DateFilter = '30d' | '90d' | '1y';
type LicenseFamily = 'public-domain' | 'fair-use' | 'cc-by' | 'cc-by-sa';

/** The earliest `dateAdded` a date filter keeps: 30 or 90 days, or one calendar year, before `now`. */
export function dateCutoff(filter: DateFilter, now: Date): Date {
  if (filter !== '1y') return new Date(now.getTime() - (filter === '30d' ? 30 : 90) * DAY_MS);
  const cutoff = new Date(now.getTime());
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - 1);
  return cutoff;
}

/**
 * The family of a Commons license name ('CC-BY-SA-3.0' is CC BY-SA, 'CC0' Public Domain, 'Non-free'
 * Fair Use); anything else (GFDL, CC BY-NC) has none, so an active license filter leaves it out.
 */
export function licenseFamily(license: string | null | undefined): LicenseFamily | null {
  const name = (license ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  if (/^(public domain|pd\b|cc0\b|cc zero\b)/.test(name)) return 'public-domain';
  if (/^(fair use|non free)\b/.test(name)) return 'fair-use';
  if (/^(cc by sa|creative commons attribution share ?alike)\b/.test(name)) return 'cc-by-sa';
  if (/^(cc by|creative commons attribution)(?! (nc|nd|share))\b/.test(name)) return 'cc-by';
  return null;
}

const LICENSES = [
  ['public-domain', 'Public Domain'],
  ['fair-use', 'Fair Use'],
  ['cc-by', 'CC BY'],
  ['cc-by-sa', 'CC BY-SA'],
] as const;
const DATES = [
  ['30d', 'Last 30 days'],
  ['90d', 'Last 90 days'],
  ['1y', 'Last year'],
] as const;

const LOGO_FILTERS = {
  fileType: {
    param: 'fileType',
    title: 'File Type',
    anyLabel: { home: 'All Formats', search: 'All Formats' },
    choices: {
      home: [
        ['svg', 'SVG Only'],
        ['png', 'PNG Only'],
        ['jpg', 'JPG Only'],
      ],
      search: [
        ['svg', 'SVG'],
        ['png', 'PNG'],
        ['jpg', 'JPG'],
        ['gif', 'GIF'],
        ['webp', 'WebP'],
      ],
    },
    matches: (logo, value) => logo.fileType.toLowerCase() === value,
    unmatched: (labels) => `No ${labels} files among these logos.`,
  } satisfies FilterDescriptor<FileType>,
  date: {
    param: 'dateFilter',
    title: 'Date Added',
    anyLabel: { home: 'Any time', search: 'All time' },
    choices: { home: DATES, search: DATES },
    // Logos without a (valid) date are dropped: NaN compares false.
    matches: (logo, value, now) =>
      Date.parse(logo.dateAdded ?? '') >= dateCutoff(value, now).getTime(),
    unmatched: (labels, logos) =>
      logos.some((logo) => !Number.isNaN(Date.parse(logo.dateAdded ?? '')))
        ? `None of these logos was added in the ${labels.toLowerCase()}.`
        : 'No dates for these logos.',
  } satisfies FilterDescriptor<DateFilter>,
  licenses: {
    param: 'license',
    title: 'License Type',
    choices: { home: LICENSES, search: LICENSES },
    matches: (logo, value) => licenseFamily(logo.license) === value,
    unmatched: (labels) => `None of these logos has a ${labels} license.`,
  } satisfies FilterDescriptor<LicenseFamily>,
};

export type FilterKey = keyof typeof LOGO_FILTERS;
/** The chosen values of each filter, in canonical order; empty: the filter is off. */
export type LogoFilters = Record<FilterKey, readonly string[]>;

/** The props of a control that shows and changes the filters, in one page's wording. */
export type FilterControlProps = {
  filters: LogoFilters;
  page: FilterPage;
  onChange: (filters: LogoFilters) => void;
};

export const NO_FILTERS: LogoFilters = { fileType: [], date: [], licenses: [] };

export const FILTER_KEYS = Object.keys(LOGO_FILTERS) as FilterKey[];
export const filterDescriptor = (key: FilterKey) => LOGO_FILTERS[key] as FilterDescriptor;

/** Every value a filter accepts, in canonical order (either page's choices). */
function allowed(key: FilterKey): string[] {
  const { choices } = filterDescriptor(key);
  return [...new Set([...choices.search, ...choices.home].map(([value]) => value))];
}

/** The wording of a chosen value on `page`. */
export function filterLabel(key: FilterKey, value: string, page: FilterPage): string {
  const { choices } = filterDescriptor(key);
  return (choices[page].find(([v]) => v === value) ??
    choices.search.find(([v]) => v === value))![1];
}

/** `values` kept to the ones `key` accepts, in canonical order. */
export function canonical(key: FilterKey, values: readonly string[]): string[] {
  return allowed(key).filter((value) => values.includes(value));
}

/** The file type chosen, for the server's search. */
export function chosenFileType(filters: LogoFilters): FileType | null {
  return (filters.fileType[0] as FileType | undefined) ?? null;
}

const activeKeys = (filters: LogoFilters) => FILTER_KEYS.filter((key) => filters[key].length > 0);

/** Keeps the logos that pass every active filter, in their original order. */
export function filterLogos(
  logos: readonly Logo[],
  filters: LogoFilters,
  now: Date = new Date(),
): Logo[] {
  const active = activeKeys(filters);
  return logos.filter((logo) =>
    active.every((key) =>
      filters[key].some((value) => filterDescriptor(key).matches(logo, value, now)),
    ),
  );
}

/**
 * The choices of `key` that none of `logos` passes, and why; null when every choice matches some
 * logo (or there are no logos to tell). The pages disable these choices (docs/product.md#filters).
 */
export function unmatchedChoices(
  key: FilterKey,
  logos: readonly Logo[],
  page: FilterPage,
  now: Date = new Date(),
): { values: string[]; reason: string } | null {
  if (logos.length === 0) return null;
  const { choices, matches, unmatched } = filterDescriptor(key);
  const values = choices[page]
    .map(([value]) => value)
    .filter((value) => !logos.some((logo) => matches(logo, value, now)));
  if (values.length === 0) return null;
  const labels = values.map((value) => filterLabel(key, value, 'search'));
  return { values, reason: unmatched(either(labels), logos) };
}

/** How many filters are on. */
export function activeFilterCount(filters: LogoFilters): number {
  return activeKeys(filters).length;
}

/** Reads the filters from the address; unknown values are ignored rather than failing the page. */
export function readFilters(params: URLSearchParams): LogoFilters {
  const read = (key: FilterKey) => {
    const text = params.get(filterDescriptor(key).param)?.toLowerCase() ?? '';
    const values = (filterDescriptor(key).anyLabel ? [text] : text.split(',')).map((v) => v.trim());
    return canonical(key, values);
  };
  const filters = { ...NO_FILTERS };
  for (const key of FILTER_KEYS) filters[key] = read(key);
  return filters;
}

/** A copy of `params` with the filters written in; inactive filters are removed from the address. */
export function writeFilters(params: URLSearchParams, filters: LogoFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_KEYS) {
    const value = canonical(key, filters[key]).join(',');
    if (value) next.set(filterDescriptor(key).param, value);
    else next.delete(filterDescriptor(key).param);
  }
  return next;
}
