import { InvalidSvgError, SVG_NS, XLINK_NS, num, prepareLogo } from './svg-sanitize.ts';
import { SHEET_DEFAULTS, type SheetOptions } from './sheet-options.ts';

/*
 * The consolidated SVG sheet's layout: each logo (sanitised by svg-sanitize.ts) fitted into a grid
 * cell, captioned with its title, with the attribution in <metadata>.
 */

export type SheetInput = {
  title: string;
  svg: string;
  /** The credit line for the sheet's <metadata> (attribution.ts creditLine); the title when absent. */
  credit?: string;
};

export type SheetResult = {
  svg: string;
  width: number;
  height: number;
  included: number;
  /** Logos left out, in input order, with a sentence saying why. */
  skipped: { title: string; reason: string }[];
};

/** Larger files are left out: no logo needs this much, and parsing it would freeze the tab. */
const MAX_SHEET_LOGO_CHARS = 20_000_000;
const CAPTION_FONT_SIZE = 12;
/** Average advance of a sans-serif glyph at 12 px; used only to decide when to truncate. */
const CAPTION_CHAR_WIDTH = 6.6;

// Characters XML 1.0 forbids (C0 controls but tab/newline/return, U+FFFE/U+FFFF, lone surrogates):
// one in a title would make the whole sheet unreadable.
const INVALID_XML_CHARS =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text for XML content or a double- or single-quoted attribute. */
export function escapeXml(value: string): string {
  return value.replace(INVALID_XML_CHARS, '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function titleOf(input: SheetInput): string {
  return input.title.replace(/\s+/g, ' ').trim() || 'Untitled logo';
}

/** The title cut to what fits under a cell, on code points so an emoji is never split. */
function captionText(title: string, cellSize: number): string {
  const max = Math.max(4, Math.floor((cellSize - 8) / CAPTION_CHAR_WIDTH));
  const chars = Array.from(title);
  if (chars.length <= max) return title;
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

function positive(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

function resolveOptions(options: Partial<SheetOptions>): SheetOptions {
  const cellSize = positive(options.cellSize, SHEET_DEFAULTS.cellSize);
  // A larger or smaller cell keeps the default proportion of logo to padding (144 of 184).
  const logoSize = (cellSize * SHEET_DEFAULTS.logoSize) / SHEET_DEFAULTS.cellSize;
  return {
    columns: Math.max(1, Math.floor(positive(options.columns, SHEET_DEFAULTS.columns))),
    cellSize,
    logoSize: Math.min(positive(options.logoSize, logoSize), cellSize),
    fallbackSize: positive(options.fallbackSize, SHEET_DEFAULTS.fallbackSize),
    background: options.background === undefined ? SHEET_DEFAULTS.background : options.background,
    captions: options.captions ?? SHEET_DEFAULTS.captions,
    captionColor: options.captionColor ?? SHEET_DEFAULTS.captionColor,
  };
}

/**
 * The logos in a grid of `columns` × ceil(n / columns) cells, each scaled into a `logoSize` square
 * (aspect ratio kept) with its title under it. Logos that are not SVG are skipped with a reason;
 * `included` 0 means no sheet.
 */
export function buildSvgSheet(
  inputs: readonly SheetInput[],
  options: Partial<SheetOptions> = {},
): SheetResult {
  const o = resolveOptions(options);
  const padding = o.cellSize - o.logoSize;
  // With captions the logo sits higher and its title goes in the space below it.
  const logoTop = o.captions ? padding * 0.3 : padding / 2;
  const captionBaseline = logoTop + o.logoSize + Math.min(padding * 0.45, CAPTION_FONT_SIZE * 1.5);

  const cells: string[] = [];
  const credits: string[] = [];
  const skipped: SheetResult['skipped'] = [];

  for (const input of inputs) {
    const title = titleOf(input);
    const index = cells.length;
    const cellX = (index % o.columns) * o.cellSize;
    const cellY = Math.floor(index / o.columns) * o.cellSize;
    const scopeId = `l${index}`;
    if (input.svg.length > MAX_SHEET_LOGO_CHARS) {
      skipped.push({ title, reason: `${title} is too large to consolidate (over 20 MB).` });
      continue;
    }
    let logo: string;
    try {
      logo = prepareLogo(input.svg, {
        prefix: scopeId,
        scopeId,
        box: { x: cellX + padding / 2, y: cellY + logoTop, width: o.logoSize, height: o.logoSize },
        fallbackSize: o.fallbackSize,
      });
    } catch (error) {
      if (!(error instanceof InvalidSvgError)) throw error;
      skipped.push({ title, reason: `${title} is not a valid SVG file: ${error.message}.` });
      continue;
    }
    const caption = o.captions
      ? `<text x="${num(cellX + o.cellSize / 2)}" y="${num(cellY + captionBaseline)}" font-family="sans-serif" font-size="${CAPTION_FONT_SIZE}" fill="${escapeXml(o.captionColor)}" text-anchor="middle">${escapeXml(captionText(title, o.cellSize))}</text>`
      : '';
    cells.push(`<g id="${scopeId}"><title>${escapeXml(title)}</title>${logo}${caption}</g>`);
    credits.push(input.credit?.replace(/\s+/g, ' ').trim() || title);
  }

  const rows = Math.ceil(cells.length / o.columns);
  const width = o.columns * o.cellSize;
  const height = rows * o.cellSize;
  const metadata = [
    `Consolidated by WikiLogos: ${cells.length} ${cells.length === 1 ? 'logo' : 'logos'}, left to right and top to bottom.`,
    'Each logo keeps its own license; logos are trademarks of their owners.',
    ...credits.map((credit, index) => `${index + 1}. ${credit}`),
  ].join('\n');
  const background =
    o.background === null
      ? ''
      : `<rect width="${num(width)}" height="${num(height)}" fill="${escapeXml(o.background)}"/>`;

  const svg =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="${SVG_NS}" xmlns:xlink="${XLINK_NS}" version="1.1" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}">` +
    `<title>WikiLogos consolidated logos</title>` +
    `<metadata>${escapeXml(metadata)}</metadata>` +
    background +
    cells.join('') +
    `</svg>\n`;
  return { svg, width, height, included: cells.length, skipped };
}
