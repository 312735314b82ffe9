import { optimize, type CustomPlugin, type XastElement, type XastParent } from 'svgo/browser';
import type { BackgroundTone } from '#shared/search/logo-variants.ts';
import { sanitizeCss } from '../sheet/svg-sanitize.ts';
import { SVG_ELEMENTS } from '../svg-allowlist.ts';

/*
 * A generated inverse for a logo drawn in one colour (docs/product.md#light-and-dark-versions):
 * the same SVG with its one paint made white (for dark backgrounds) or black (for light ones).
 * Made from the file the download path reads, through SVGO, and sanitised on the way: only SVG
 * elements, no scripts, event handlers, foreign content or outside references, so the file saved
 * is safe to open. A logo with a second colour, a gradient, a pattern or a picture has no inverse.
 */

const PAINT_ATTRIBUTES = ['fill', 'stroke', 'stop-color', 'flood-color', 'lighting-color', 'color'];
/** What paints its own colours: a generated single-colour version would lose them. */
const MULTI_COLOUR_ELEMENTS = new Set([
  'linearGradient',
  'radialGradient',
  'pattern',
  'image',
  'feImage',
  'filter',
  'mask',
]);
const NO_PAINT = new Set(['none', 'transparent', 'inherit', 'currentcolor']);
const LOCAL_REF = /^#[^\s"'()#]+$/;

const NAMED: Record<string, string> = { black: '#000000', white: '#ffffff' };

/** '#ABC', '#aabbcc', 'rgb(170, 187, 204)', 'black' → '#aabbcc'; other names as written. */
export function normaliseColour(value: string): string {
  const colour = value.trim().toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(colour);
  if (short) return `#${short[1]!.repeat(2)}${short[2]!.repeat(2)}${short[3]!.repeat(2)}`;
  const rgb = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/.exec(colour);
  if (rgb) {
    return `#${[rgb[1], rgb[2], rgb[3]].map((c) => Math.min(255, Number(c)).toString(16).padStart(2, '0')).join('')}`;
  }
  return NAMED[colour] ?? colour;
}

/** Light ink (a white logo) or dark ink, by the colour's Rec. 709 luma; names other than black and white count as dark. */
function isLightInk(colour: string): boolean {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/.exec(colour);
  if (!hex) return false;
  const [r, g, b] = [hex[1]!, hex[2]!, hex[3]!].map((c) => Number.parseInt(c, 16) / 255);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! > 0.5;
}

/** Elements painted black when neither they nor an ancestor has a fill. */
const SHAPES = new Set(['path', 'rect', 'circle', 'ellipse', 'polygon', 'polyline', 'text']);

type Scan = { colours: Set<string>; multiColour: boolean; defaultBlack: boolean };

/** Drops what is not plain SVG, and notes every paint; elements left out go with their subtree. */
function sanitiseAndScan(parent: XastParent, scan: Scan, filled: boolean): void {
  parent.children = parent.children.filter((child) => {
    if (child.type === 'text' || child.type === 'cdata') return true;
    if (child.type !== 'element') return false;
    if (!SVG_ELEMENTS.has(child.name) || child.name === 'a' || child.name === 'style') return false;
    if (MULTI_COLOUR_ELEMENTS.has(child.name)) scan.multiColour = true;
    sanitiseElement(child, scan);
    const hasFill = filled || child.attributes.fill !== undefined;
    if (SHAPES.has(child.name) && !hasFill) scan.defaultBlack = true;
    sanitiseAndScan(child, scan, hasFill);
    return true;
  });
}

function sanitiseElement(element: XastElement, scan: Scan): void {
  for (const [name, value] of Object.entries(element.attributes)) {
    const keep =
      !/^on/i.test(name) &&
      !/javascript:|vbscript:/i.test(value.replace(/\s+/g, '')) &&
      (name.includes(':') ? name === 'xml:space' : true) &&
      (name !== 'href' || LOCAL_REF.test(value.trim())) &&
      (name !== 'style' && !/url\(/i.test(value)
        ? true
        : sanitizeCss(value, name === 'style' ? 'declarationList' : 'value') !== null);
    if (!keep) {
      delete element.attributes[name];
      continue;
    }
    // Paint left in CSS (what SVGO could not turn into attributes) is not ours to recolour.
    if (name === 'style' && /(?:^|;)\s*(?:fill|stroke|color|stop-color)\s*:/i.test(value)) {
      scan.multiColour = true;
    }
    if (PAINT_ATTRIBUTES.includes(name)) {
      if (/url\(/i.test(value)) scan.multiColour = true;
      const colour = normaliseColour(value);
      if (!NO_PAINT.has(colour)) scan.colours.add(colour);
    }
  }
}

function recolour(parent: XastParent, ink: string): void {
  for (const child of parent.children) {
    if (child.type !== 'element') continue;
    for (const name of PAINT_ATTRIBUTES) {
      const value = child.attributes[name];
      if (value !== undefined && !NO_PAINT.has(normaliseColour(value)))
        child.attributes[name] = ink;
    }
    recolour(child, ink);
  }
}

export type InverseLogo = {
  /** The generated SVG. */
  svg: string;
  /** The background it is drawn for: dark for a white version, light for a black one. */
  tone: BackgroundTone;
};

/**
 * The logo's one colour swapped for white (a dark logo) or black (a light one), sanitised; null
 * when the logo paints more than one colour, or with gradients, patterns, pictures or CSS.
 */
export function inverseSvg(source: string): InverseLogo | null {
  const scan: Scan = { colours: new Set(), multiColour: false, defaultBlack: false };
  let tone: BackgroundTone = 'dark';
  const plugin: CustomPlugin = {
    name: 'wikilogosInverse',
    fn: (root) => {
      const svg = root.children.find(
        (child): child is XastElement => child.type === 'element' && child.name === 'svg',
      );
      if (!svg) {
        scan.multiColour = true;
        return null;
      }
      root.children = [svg];
      sanitiseElement(svg, scan);
      sanitiseAndScan(svg, scan, svg.attributes.fill !== undefined);
      // Shapes without a fill are painted black: say so on the root, so it is recoloured too.
      if (scan.defaultBlack) {
        svg.attributes.fill = '#000000';
        scan.colours.add('#000000');
      }
      const [colour] = scan.colours;
      if (scan.multiColour || scan.colours.size !== 1 || colour === undefined) return null;
      tone = isLightInk(colour) ? 'light' : 'dark';
      recolour(root, tone === 'dark' ? '#ffffff' : '#000000');
      return null;
    },
  };
  let output: string;
  try {
    output = optimize(source, {
      plugins: [
        // <style> rules become attributes first, so their colours are read like any other.
        { name: 'inlineStyles', params: { onlyMatchedOnce: false } },
        'removeStyleElement',
        'convertStyleToAttrs',
        'removeScripts',
        'removeXlink',
        'removeComments',
        'removeMetadata',
        'removeEditorsNSData',
        plugin,
      ],
    }).data;
  } catch {
    return null;
  }
  if (scan.multiColour || scan.colours.size !== 1) return null;
  return { svg: output, tone };
}
