import { InvalidSvgError, SVG_NS, XLINK_NS, num, prepareLogo } from './svg-sanitize.ts';
import { escapeXml, type SheetResult } from './svg-sheet.ts';

/*
 * A composition (the logo wall): logos placed by the page in boxes of its own, sanitised and
 * prefixed as the consolidated sheet's are (svg-sanitize.ts), on one background, optionally
 * through one colour filter, with every credit line in <metadata>.
 */

type Box = { x: number; y: number; width: number; height: number };

export type ComposedLogo = {
  title: string;
  /** The credit line for <metadata> (attribution.ts creditLine). */
  credit: string;
  box: Box;
  /** The SVG file's text, or a raster file as a data: URL (PNG, JPEG, GIF or WebP). */
  source: { svg: string } | { dataUrl: string };
};

export type CompositionOptions = {
  width: number;
  height: number;
  /** A CSS colour, or null for a transparent picture. */
  background: string | null;
  /**
   * A <filter> element applied to every logo by its id. Built by the page's own code (never from
   * a file), so it goes in as it is.
   */
  filter: { id: string; markup: string } | null;
  title: string;
};

const SAFE_DATA_URL = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=]*$/i;
const FALLBACK_SIZE = 100;

export function composeSvg(
  logos: readonly ComposedLogo[],
  options: CompositionOptions,
): SheetResult {
  const cells: string[] = [];
  const credits: string[] = [];
  const skipped: SheetResult['skipped'] = [];
  const filter = options.filter ? ` filter="url(#${escapeXml(options.filter.id)})"` : '';

  logos.forEach((logo, index) => {
    const title = logo.title.replace(/\s+/g, ' ').trim() || 'Untitled logo';
    const scopeId = `w${index}`;
    const { x, y, width, height } = logo.box;
    let drawn: string;
    if ('svg' in logo.source) {
      try {
        drawn = prepareLogo(logo.source.svg, {
          prefix: scopeId,
          scopeId,
          box: logo.box,
          fallbackSize: FALLBACK_SIZE,
        });
      } catch (error) {
        if (!(error instanceof InvalidSvgError)) throw error;
        skipped.push({ title, reason: `${title} is not a valid SVG file: ${error.message}.` });
        return;
      }
    } else if (SAFE_DATA_URL.test(logo.source.dataUrl)) {
      drawn = `<image x="${num(x)}" y="${num(y)}" width="${num(width)}" height="${num(height)}" preserveAspectRatio="xMidYMid meet" href="${logo.source.dataUrl}"/>`;
    } else {
      skipped.push({ title, reason: `${title} is not a picture that can be placed.` });
      return;
    }
    cells.push(`<g id="${scopeId}"${filter}><title>${escapeXml(title)}</title>${drawn}</g>`);
    credits.push(logo.credit.replace(/\s+/g, ' ').trim() || title);
  });

  const { width, height } = options;
  const metadata = [
    `Made with WikiLogos: ${cells.length} ${cells.length === 1 ? 'logo' : 'logos'}, left to right and top to bottom.`,
    'Each logo keeps its own license; logos are trademarks of their owners.',
    ...credits.map((credit, index) => `${index + 1}. ${credit}`),
  ].join('\n');
  const background =
    options.background === null
      ? ''
      : `<rect width="${num(width)}" height="${num(height)}" fill="${escapeXml(options.background)}"/>`;
  const defs = options.filter ? `<defs>${options.filter.markup}</defs>` : '';
  const svg =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="${SVG_NS}" xmlns:xlink="${XLINK_NS}" version="1.1" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}">` +
    `<title>${escapeXml(options.title)}</title>` +
    `<metadata>${escapeXml(metadata)}</metadata>` +
    defs +
    background +
    cells.join('') +
    `</svg>\n`;
  return { svg, width, height, included: cells.length, skipped };
}
