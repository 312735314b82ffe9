import { toneOfColour } from '#shared/lib/colour.ts';
import { variantForBackground } from '#shared/search/logo-variants.ts';
import type { Logo } from '#shared/search/search.schemas.ts';

/*
 * The wall's look as plain arithmetic: its settings, the grid, each logo's balanced size in its
 * cell, and the colour filter. The preview draws it and the export writes the same boxes, so what
 * is seen is what is saved (docs/decisions/047-logo-wall.md).
 */

export const WALL_ASPECTS = ['1:1', '3:2', '2:1', '3:1'] as const;
export type WallAspect = (typeof WALL_ASPECTS)[number];
export const WALL_MAX_COLUMNS = 12;
export const WALL_MAX_GAP = 64;
export const WALL_MAX_PADDING = 40;

/** A colour as the wall keeps it: #rrggbb, lowercase. */
export type HexColour = `#${string}`;
export type WallBackground = 'transparent' | 'white' | 'black' | HexColour;
export type WallColour = 'original' | 'greyscale' | HexColour;

export type WallSettings = {
  columns: 'auto' | number;
  /** Space between cells and around the wall, in the wall's units (a cell is CELL_WIDTH wide). */
  gap: number;
  /** Space inside each cell around its logo, in % of the cell's shorter side. */
  padding: number;
  aspect: WallAspect;
  background: WallBackground;
  colour: WallColour;
  /** 0: every logo as wide as its cell; 100: every logo the same area (visual weight). */
  balance: number;
};

export const DEFAULT_WALL_SETTINGS: WallSettings = {
  columns: 'auto',
  gap: 16,
  padding: 15,
  aspect: '2:1',
  background: 'white',
  colour: 'original',
  balance: 100,
};

/** A cell's width in the wall's own units (SVG user units: px in the exported file). */
export const CELL_WIDTH = 240;
/** A very wide or tall logo may not shrink every other logo below this share of the cell's area. */
const MIN_AREA_SHARE = 0.2;
/** The shape auto columns aim for: a 'trusted by' wall is a wide band. */
const TARGET_WALL_ASPECT = 3;

export type Box = { x: number; y: number; width: number; height: number };
type Size = { width: number; height: number };

export function isHexColour(value: string): value is HexColour {
  return /^#[0-9a-f]{6}$/.test(value);
}

export function aspectRatio(aspect: WallAspect): number {
  const [w, h] = aspect.split(':').map(Number);
  return w! / h!;
}

/** A logo's width ÷ height from its metadata; 1 when unknown. */
export function logoAspect(logo: Pick<Logo, 'width' | 'height'>): number {
  return logo.width && logo.height ? logo.width / logo.height : 1;
}

/** The largest area a logo of `aspect` can have inside `box` (it touches two sides). */
function fittingArea(aspect: number, box: Size): number {
  return Math.min((box.width * box.width) / aspect, box.height * box.height * aspect);
}

/**
 * The area every logo gets at full balance: the largest that all of them fit in, but never less
 * than MIN_AREA_SHARE of the box (a logo that still does not fit is clamped to the box).
 */
export function balancedArea(aspects: readonly number[], box: Size): number {
  const fits = Math.min(...aspects.map((aspect) => fittingArea(aspect, box)));
  return Math.max(MIN_AREA_SHARE * box.width * box.height, fits);
}

/**
 * A logo's size in its box. At balance 0 every logo is as wide as the box ("same width"); at 1
 * every logo has the same area, so its width is √(area × aspect) ("same visual weight"); between
 * them the width is interpolated geometrically, w = w₀^(1−t) · w₁^t. The result is clamped to the
 * box with the aspect kept.
 */
export function balancedSize(aspect: number, box: Size, balance: number, area: number): Size {
  const t = Math.min(1, Math.max(0, balance));
  const sameWidth = Math.min(box.width, box.height * aspect);
  const sameArea = Math.sqrt(area * aspect);
  let width = sameWidth ** (1 - t) * sameArea ** t;
  let height = width / aspect;
  const scale = Math.min(1, box.width / width, box.height / height);
  width *= scale;
  height *= scale;
  return { width, height };
}

/** Columns for 'auto': the count whose wall is closest to a wide band, with few empty cells. */
export function autoColumns(count: number, cellAspect: number): number {
  let best = 1;
  let bestScore = Infinity;
  for (let columns = 1; columns <= Math.min(count, WALL_MAX_COLUMNS); columns += 1) {
    const rows = Math.ceil(count / columns);
    const wallAspect = (columns * cellAspect) / rows;
    const empty = rows * columns - count;
    const score = Math.abs(Math.log(wallAspect / TARGET_WALL_ASPECT)) + empty / columns;
    if (score < bestScore) {
      best = columns;
      bestScore = score;
    }
  }
  return best;
}

export type WallLayout = {
  width: number;
  height: number;
  columns: number;
  cells: Box[];
  /** Where each logo is drawn, centred in its cell. */
  logos: Box[];
};

/** The wall for logos of these aspect ratios (in order: left to right, top to bottom). */
export function layoutWall(aspects: readonly number[], settings: WallSettings): WallLayout {
  const count = aspects.length;
  const cellAspect = aspectRatio(settings.aspect);
  const columns =
    count === 0
      ? 1
      : settings.columns === 'auto'
        ? autoColumns(count, cellAspect)
        : Math.min(count, settings.columns);
  const rows = Math.max(1, Math.ceil(count / columns));
  const cell = { width: CELL_WIDTH, height: CELL_WIDTH / cellAspect };
  const inset = (Math.min(cell.width, cell.height) * settings.padding) / 100;
  const box = { width: cell.width - 2 * inset, height: cell.height - 2 * inset };
  const area = count === 0 ? 0 : balancedArea(aspects, box);
  const gap = settings.gap;
  const cells: Box[] = [];
  const logos: Box[] = [];
  aspects.forEach((aspect, index) => {
    const x = gap + (index % columns) * (cell.width + gap);
    const y = gap + Math.floor(index / columns) * (cell.height + gap);
    cells.push({ x, y, ...cell });
    const size = balancedSize(aspect, box, settings.balance / 100, area);
    logos.push({
      x: x + (cell.width - size.width) / 2,
      y: y + (cell.height - size.height) / 2,
      ...size,
    });
  });
  return {
    width: columns * cell.width + (columns + 1) * gap,
    height: rows * cell.height + (rows + 1) * gap,
    columns,
    cells,
    logos,
  };
}

/** The background colour to paint, or null for none. */
export function backgroundFill(background: WallBackground): string | null {
  if (background === 'transparent') return null;
  if (background === 'white') return '#ffffff';
  if (background === 'black') return '#000000';
  return background;
}

export const WALL_FILTER_ID = 'wall-colour';

/**
 * The <filter> that recolours every logo, as SVG text (the preview and the exported file use the
 * same one); null for original colours. One colour keeps each logo's shape (its alpha) and floods
 * it; greyscale drops the saturation.
 */
export function colourFilterMarkup(colour: WallColour): string | null {
  if (colour === 'original') return null;
  const body =
    colour === 'greyscale'
      ? '<feColorMatrix type="saturate" values="0"/>'
      : `<feFlood flood-color="${colour}"/><feComposite in2="SourceAlpha" operator="in"/>`;
  return `<filter id="${WALL_FILTER_ID}" color-interpolation-filters="sRGB">${body}</filter>`;
}

/**
 * The file to draw for a logo on this background: the version for dark backgrounds on black or a
 * dark colour where the search found a light/dark pair (docs/product.md#light-and-dark-versions),
 * else the logo itself. A transparent wall is taken to go on a light page.
 */
export function logoForBackground(logo: Logo, background: WallBackground): Logo {
  const tone =
    background === 'transparent' || background === 'white'
      ? 'light'
      : background === 'black'
        ? 'dark'
        : toneOfColour(background);
  return variantForBackground(logo, tone);
}
