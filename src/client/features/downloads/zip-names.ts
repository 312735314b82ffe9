import type { FileType } from '#shared/search/search.schemas.ts';
import { RASTER_FORMAT_INFO, type RasterFormat } from './raster/raster-plan.ts';

/* Names and contents of the files WikiLogos produces (zip entries, zips, sheets, raster exports). */

const EXTENSIONS = 'svg|jpeg|jpg|png|gif|webp';

export const BATCH_ZIP_NAME = 'wikilogos_batch.zip';
/** The home page's sample batch: '{product}_batch_download.zip'. */
export const SAMPLES_ZIP_NAME = 'WikiLogos_batch_download.zip';

export const ZIP_FORMATS = ['svg', 'png', 'svg+png'] as const;
export type ZipFormat = (typeof ZIP_FORMATS)[number];
export const ZIP_PNG_WIDTH = 512;
export const ZIP_FORMAT_LABELS: Record<ZipFormat, string> = {
  svg: 'SVG',
  png: `PNG (${ZIP_PNG_WIDTH} px)`,
  'svg+png': 'SVG + PNG',
};

type Named = { title: string; url: string };

/**
 * The name a logo is saved under (the zip-name rule in docs/product.md): the title with every
 * non-alphanumeric character replaced by an underscore, lowercased, plus the extension taken from
 * the url (.svg, .jpg or .jpeg, .png, .gif), else from a word in the title, else .svg. A title
 * ending in its extension loses it first ('google_2015_logo.svg', not 'google_2015_logo_svg.svg').
 */
export function logoFileName(logo: Named): string {
  // The path only: Commons urls carry '?utm_…' parameters after the file name.
  const path = logo.url.split(/[?#]/, 1)[0] ?? '';
  const extension = (
    new RegExp(`\\.(${EXTENSIONS})$`, 'i').exec(path)?.[1] ??
    new RegExp(`\\b(${EXTENSIONS})\\b`, 'i').exec(logo.title)?.[1] ??
    'svg'
  ).toLowerCase();
  const title = logo.title.trim().replace(new RegExp(`\\.${extension}$`, 'i'), '');
  const base = title.replace(/[^a-zA-Z0-9]/g, '_').toLowerCase() || 'logo';
  return `${base}.${extension}`;
}

/** 'google_logo_1024.png': the logo's file name with the width and the new format's extension. */
export function rasterFileName(logo: Named, width: number, format: RasterFormat): string {
  const name = logoFileName(logo);
  return `${name.slice(0, name.lastIndexOf('.'))}_${width}.${RASTER_FORMAT_INFO[format].extension}`;
}

/**
 * A namer for the entries of one archive: 'google_logo.svg', then 'google_logo_2.svg'… Compared
 * case-insensitively, as unzipping onto Windows or macOS would overwrite one file with the other.
 */
export function createUniqueNamer(): (fileName: string) => string {
  const used = new Set<string>();
  return (fileName) => {
    const dot = fileName.lastIndexOf('.');
    const [base, extension] =
      dot > 0 ? [fileName.slice(0, dot), fileName.slice(dot)] : [fileName, ''];
    let candidate = fileName;
    for (let n = 2; used.has(candidate.toLowerCase()); n += 1) {
      candidate = `${base}_${n}${extension}`;
    }
    used.add(candidate.toLowerCase());
    return candidate;
  };
}

/** 'consolidated_logos-2026-11-21.svg': the sheet's name with the UTC date. */
export function consolidatedSheetName(now: Date, extension: 'svg' | 'png' = 'svg'): string {
  return `consolidated_logos-${now.toISOString().slice(0, 10)}.${extension}`;
}

/**
 * Whether a logo counts as SVG for consolidation: its url or title contains 'svg', in any case.
 * The sheet builder still parses each file and skips what is not really SVG.
 */
export function isSvgLogo(logo: Named): boolean {
  return /svg/i.test(logo.url) || /svg/i.test(logo.title);
}

/** Whether a zip draws a logo as a PNG at all: its file name says it is an SVG. */
function drawable(logo: Named): boolean {
  return logoFileName(logo).endsWith('.svg');
}

/** One logo's zip entries in the order they are written, before unique naming. */
export function zipEntriesFor(
  logo: Named,
  format: ZipFormat,
): { kind: 'original' | 'png'; fileName: string }[] {
  const original = { kind: 'original' as const, fileName: logoFileName(logo) };
  if (format === 'svg' || !drawable(logo)) return [original];
  const png = { kind: 'png' as const, fileName: rasterFileName(logo, ZIP_PNG_WIDTH, 'png') };
  return format === 'png' ? [png] : [original, png];
}

/** The type a batch records for a logo: PNG when the zip holds only the drawn PNG, else its own. */
export function zipRecordedFileType(
  logo: Named & { fileType?: FileType | null },
  format: ZipFormat,
): FileType | null | undefined {
  return format === 'png' && drawable(logo) ? 'png' : logo.fileType;
}
