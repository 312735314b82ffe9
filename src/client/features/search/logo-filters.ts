import type { FileType, Logo } from '#shared/search/search.schemas.ts';

/*
 * The Advanced Filters of the home page and of the results page (spec 000 §2, §5). Per the product
 * decisions both pages filter for real: file type exactly (case-insensitive), date by `dateAdded`
 * against a cut-off, license by family. The file type also goes to the server (it narrows the
 * Commons search); date and license are applied here to the logos already loaded.
 */

/**
 * The formats the filters offer (spec 000 §2: SVG, PNG, JPG, GIF). Checked against the contract's
 * FileType; listed here rather than imported so the home page's first load needs no zod.
 */
export const FILTER_FILE_TYPES = [
  'svg',
  'png',
  'jpg',
  'gif',
] as const satisfies readonly FileType[];

export const DATE_FILTERS = ['30d', '90d', '1y'] as const;
export type DateFilter = (typeof DATE_FILTERS)[number];

export const LICENSE_FAMILIES = ['public-domain', 'fair-use', 'cc-by', 'cc-by-sa'] as const;
export type LicenseFamily = (typeof LICENSE_FAMILIES)[number];

export const LICENSE_LABELS: Record<LicenseFamily, string> = {
  'public-domain': 'Public Domain',
  'fair-use': 'Fair Use',
  'cc-by': 'CC BY',
  'cc-by-sa': 'CC BY-SA',
};

export interface LogoFilters {
  /** null: all formats. */
  fileType: FileType | null;
  /** null: any time. */
  date: DateFilter | null;
  /** Empty: any license. Otherwise a logo's license family must be one of these. */
  licenses: LicenseFamily[];
}

export const NO_FILTERS: LogoFilters = { fileType: null, date: null, licenses: [] };

/**
 * The family a Commons license name belongs to: 'CC BY-SA 4.0' and 'CC-BY-SA-3.0' are CC BY-SA,
 * 'CC BY 2.0' is CC BY, 'Public domain', 'PD-textlogo' and 'CC0' are Public Domain, 'Fair use' and
 * 'Non-free' are Fair Use. Anything else (GFDL, CC BY-NC, unknown) belongs to no family, so an
 * active license filter leaves it out.
 */
export function licenseFamily(license: string | null | undefined): LicenseFamily | null {
  if (!license) return null;
  const name = license
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  if (/^(public domain|pd\b|cc0\b|cc zero\b)/.test(name)) return 'public-domain';
  if (/^(fair use|non free)\b/.test(name)) return 'fair-use';
  // 'cc by sa …', 'creative commons attribution share alike …'
  if (/^(cc by sa|creative commons attribution share ?alike)\b/.test(name)) return 'cc-by-sa';
  // 'cc by 4.0' but not 'cc by nc', 'cc by nd'.
  if (/^(cc by|creative commons attribution)(?! (nc|nd|share))\b/.test(name)) return 'cc-by';
  return null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The earliest `dateAdded` a date filter keeps: 30 or 90 days, or one calendar year, before `now`. */
export function dateCutoff(filter: DateFilter, now: Date): Date {
  switch (filter) {
    case '30d':
      return new Date(now.getTime() - 30 * DAY_MS);
    case '90d':
      return new Date(now.getTime() - 90 * DAY_MS);
    case '1y': {
      const cutoff = new Date(now.getTime());
      cutoff.setUTCFullYear(cutoff.getUTCFullYear() - 1);
      return cutoff;
    }
  }
}

/** Keeps the logos that pass every active filter, in their original order. */
export function filterLogos(
  logos: readonly Logo[],
  filters: LogoFilters,
  now: Date = new Date(),
): Logo[] {
  const cutoff = filters.date ? dateCutoff(filters.date, now).getTime() : null;
  const licenses = new Set(filters.licenses);
  return logos.filter((logo) => {
    if (filters.fileType && logo.fileType.toLowerCase() !== filters.fileType) return false;
    if (cutoff !== null) {
      // Items without a (valid) date are dropped by a date filter.
      const added = logo.dateAdded ? Date.parse(logo.dateAdded) : Number.NaN;
      if (Number.isNaN(added) || added < cutoff) return false;
    }
    if (licenses.size > 0) {
      const family = licenseFamily(logo.license);
      if (!family || !licenses.has(family)) return false;
    }
    return true;
  });
}

export function hasActiveFilters(filters: LogoFilters): boolean {
  return filters.fileType !== null || filters.date !== null || filters.licenses.length > 0;
}

export function sameFilters(a: LogoFilters, b: LogoFilters): boolean {
  return (
    a.fileType === b.fileType &&
    a.date === b.date &&
    a.licenses.length === b.licenses.length &&
    a.licenses.every((license) => b.licenses.includes(license))
  );
}

// URL parameters, shared by / and /search so a link carries its filters: fileType, dateFilter, license.
const FILE_TYPE_PARAM = 'fileType';
const DATE_PARAM = 'dateFilter';
const LICENSE_PARAM = 'license';

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

/** Reads the filters from the address; unknown values are ignored rather than failing the page. */
export function readFilters(params: URLSearchParams): LogoFilters {
  const fileType = params.get(FILE_TYPE_PARAM)?.trim().toLowerCase() ?? '';
  const date = params.get(DATE_PARAM)?.trim().toLowerCase() ?? '';
  const licenses = new Set(
    (params.get(LICENSE_PARAM) ?? '')
      .split(',')
      .map((value) => value.trim().toLowerCase())
      .filter((value) => isOneOf(LICENSE_FAMILIES, value)),
  );
  return {
    fileType: isOneOf(FILTER_FILE_TYPES, fileType) ? fileType : null,
    date: isOneOf(DATE_FILTERS, date) ? date : null,
    // Canonical order, so the same choice always gives the same address and cache key.
    licenses: LICENSE_FAMILIES.filter((family) => licenses.has(family)),
  };
}

/** A copy of `params` with the filters written in; inactive filters are removed from the address. */
export function writeFilters(params: URLSearchParams, filters: LogoFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => {
    if (value) next.set(key, value);
    else next.delete(key);
  };
  set(FILE_TYPE_PARAM, filters.fileType);
  set(DATE_PARAM, filters.date);
  set(
    LICENSE_PARAM,
    LICENSE_FAMILIES.filter((family) => filters.licenses.includes(family)).join(',') || null,
  );
  return next;
}
