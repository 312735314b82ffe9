import { logoFileName } from './zip-names.ts';
import type { FileType } from '#shared/search/search.schemas.ts';
import { rasterFileName } from './raster/raster-plan.ts';

/*
 * What a batch zip holds: the original files, 512 px PNGs drawn from the SVGs, or
 * both. Files that are not SVG have nothing to draw from and always go in as they are.
 */

export const ZIP_FORMATS = ['svg', 'png', 'svg+png'] as const;
export type ZipFormat = (typeof ZIP_FORMATS)[number];

export const ZIP_PNG_WIDTH = 512;

export const ZIP_FORMAT_LABELS: Record<ZipFormat, string> = {
  svg: 'SVG',
  png: `PNG (${ZIP_PNG_WIDTH} px)`,
  'svg+png': 'SVG + PNG',
};

/** One file of the zip for a logo: its original bytes, or a PNG drawn from them. */
type ZipEntryPlan = { kind: 'original' | 'png'; fileName: string };

/** Whether a logo is drawn as a PNG at all: its file name (the zip rule) says it is an SVG. */
function drawable(logo: { title: string; url: string }): boolean {
  return logoFileName(logo).endsWith('.svg');
}

/** The zip entries for one logo, in the order they are written, before unique naming. */
export function zipEntriesFor(
  logo: { title: string; url: string },
  format: ZipFormat,
): ZipEntryPlan[] {
  const original: ZipEntryPlan = { kind: 'original', fileName: logoFileName(logo) };
  if (format === 'svg' || !drawable(logo)) return [original];
  const png: ZipEntryPlan = {
    kind: 'png',
    fileName: rasterFileName(logo, ZIP_PNG_WIDTH, 'png'),
  };
  return format === 'png' ? [png] : [original, png];
}

/**
 * The type a batch records in the history for a logo: PNG when the zip holds only the drawn PNG,
 * else the original's type.
 */
export function zipRecordedFileType(
  logo: { title: string; url: string; fileType?: FileType | null },
  format: ZipFormat,
): FileType | null | undefined {
  return format === 'png' && drawable(logo) ? 'png' : logo.fileType;
}
