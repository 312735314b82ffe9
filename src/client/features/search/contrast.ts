/*
 * Would a logo be nearly invisible on a background? (issue 8, item 3). Pure: the SVG text in, a
 * verdict out. The logo's paint is read from its source — fill, stroke, gradient stops, opacity,
 * presentation attributes, style attributes and <style> rules, with inheritance — and each paint is
 * weighed by the area it covers (the bounding box of its shape). The logo counts as hard to see
 * when less than a fifth of that paint reaches WCAG contrast 1.5:1 against the background.
 *
 * Deliberately approximate, and cheap enough for every card on a page: no layout, no rendering.
 * Left out: <use> clones, embedded raster images, filters, masks and overlap between shapes. A file
 * whose paint is mostly unknown gets no verdict ('unknown') rather than a wrong one.
 */

/** sRGB channels, 0–255. */
export type Rgb = readonly [number, number, number];
export type Colour = { rgb: Rgb; alpha: number };

/** Below this contrast ratio a colour all but disappears into the background. */
export const LOW_CONTRAST_RATIO = 1.5;
/** The logo is hard to see when less than this share of its paint stands out. */
export const VISIBLE_SHARE_NEEDED = 0.2;

// prettier-ignore
const NAMED_COLOURS = new Map(
  ('aliceblue:f0f8ff antiquewhite:faebd7 aqua:00ffff aquamarine:7fffd4 azure:f0ffff beige:f5f5dc ' +
  'bisque:ffe4c4 black:000000 blanchedalmond:ffebcd blue:0000ff blueviolet:8a2be2 brown:a52a2a ' +
  'burlywood:deb887 cadetblue:5f9ea0 chartreuse:7fff00 chocolate:d2691e coral:ff7f50 ' +
  'cornflowerblue:6495ed cornsilk:fff8dc crimson:dc143c cyan:00ffff darkblue:00008b ' +
  'darkcyan:008b8b darkgoldenrod:b8860b darkgray:a9a9a9 darkgreen:006400 darkgrey:a9a9a9 ' +
  'darkkhaki:bdb76b darkmagenta:8b008b darkolivegreen:556b2f darkorange:ff8c00 darkorchid:9932cc ' +
  'darkred:8b0000 darksalmon:e9967a darkseagreen:8fbc8f darkslateblue:483d8b darkslategray:2f4f4f ' +
  'darkslategrey:2f4f4f darkturquoise:00ced1 darkviolet:9400d3 deeppink:ff1493 deepskyblue:00bfff ' +
  'dimgray:696969 dimgrey:696969 dodgerblue:1e90ff firebrick:b22222 floralwhite:fffaf0 ' +
  'forestgreen:228b22 fuchsia:ff00ff gainsboro:dcdcdc ghostwhite:f8f8ff gold:ffd700 ' +
  'goldenrod:daa520 gray:808080 green:008000 greenyellow:adff2f grey:808080 honeydew:f0fff0 ' +
  'hotpink:ff69b4 indianred:cd5c5c indigo:4b0082 ivory:fffff0 khaki:f0e68c lavender:e6e6fa ' +
  'lavenderblush:fff0f5 lawngreen:7cfc00 lemonchiffon:fffacd lightblue:add8e6 lightcoral:f08080 ' +
  'lightcyan:e0ffff lightgoldenrodyellow:fafad2 lightgray:d3d3d3 lightgreen:90ee90 ' +
  'lightgrey:d3d3d3 lightpink:ffb6c1 lightsalmon:ffa07a lightseagreen:20b2aa lightskyblue:87cefa ' +
  'lightslategray:778899 lightslategrey:778899 lightsteelblue:b0c4de lightyellow:ffffe0 ' +
  'lime:00ff00 limegreen:32cd32 linen:faf0e6 magenta:ff00ff maroon:800000 mediumaquamarine:66cdaa ' +
  'mediumblue:0000cd mediumorchid:ba55d3 mediumpurple:9370db mediumseagreen:3cb371 ' +
  'mediumslateblue:7b68ee mediumspringgreen:00fa9a mediumturquoise:48d1cc mediumvioletred:c71585 ' +
  'midnightblue:191970 mintcream:f5fffa mistyrose:ffe4e1 moccasin:ffe4b5 navajowhite:ffdead ' +
  'navy:000080 oldlace:fdf5e6 olive:808000 olivedrab:6b8e23 orange:ffa500 orangered:ff4500 ' +
  'orchid:da70d6 palegoldenrod:eee8aa palegreen:98fb98 paleturquoise:afeeee palevioletred:db7093 ' +
  'papayawhip:ffefd5 peachpuff:ffdab9 peru:cd853f pink:ffc0cb plum:dda0dd powderblue:b0e0e6 ' +
  'purple:800080 rebeccapurple:663399 red:ff0000 rosybrown:bc8f8f royalblue:4169e1 ' +
  'saddlebrown:8b4513 salmon:fa8072 sandybrown:f4a460 seagreen:2e8b57 seashell:fff5ee ' +
  'sienna:a0522d silver:c0c0c0 skyblue:87ceeb slateblue:6a5acd slategray:708090 slategrey:708090 ' +
  'snow:fffafa springgreen:00ff7f steelblue:4682b4 tan:d2b48c teal:008080 thistle:d8bfd8 ' +
  'tomato:ff6347 turquoise:40e0d0 violet:ee82ee wheat:f5deb3 white:ffffff whitesmoke:f5f5f5 ' +
  'yellow:ffff00 yellowgreen:9acd32')
    .split(' ')
    .map((entry) => entry.split(':') as [string, string]),
);

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** A CSS number or percentage: `50%` of `scale`, or the number itself. */
function cssNumber(text: string, scale: number): number | null {
  const match = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)(%?)$/i.exec(text.trim());
  if (!match) return null;
  const value = Number(match[1]);
  return match[2] ? (value / 100) * scale : value;
}

function hueToRgb(h: number, s: number, l: number): Rgb {
  // CSS Color 4's hsl-to-rgb, h in degrees, s and l 0–1.
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const a = s * Math.min(l, 1 - l);
    return Math.round((l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 255);
  };
  return [f(0), f(8), f(4)];
}

/**
 * A CSS colour: hex (3, 4, 6 or 8 digits), rgb()/rgba(), hsl()/hsla() (comma or space syntax),
 * a named colour or `transparent`. Null for anything else (`none`, `currentColor`, `url(#…)`).
 */
export function parseColour(input: string): Colour | null {
  const value = input.trim().toLowerCase();
  if (value === 'transparent') return { rgb: [0, 0, 0], alpha: 0 };
  const named = NAMED_COLOURS.get(value);
  const hex = named ?? (value.startsWith('#') ? value.slice(1) : null);
  if (hex !== null) {
    if (!/^(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.test(hex)) return null;
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
    const channel = (i: number) => Number.parseInt(full.slice(i * 2, i * 2 + 2), 16);
    return {
      rgb: [channel(0), channel(1), channel(2)],
      alpha: full.length === 8 ? channel(3) / 255 : 1,
    };
  }
  const fn = /^(rgba?|hsla?)\(([^)]*)\)$/.exec(value);
  if (!fn) return null;
  const parts = fn[2]!
    .replace(/\s*\/\s*/, ' / ')
    .split(/\s*,\s*|\s+(?!\/)|\s*\/\s*/)
    .filter(Boolean);
  if (parts.length < 3 || parts.length > 4) return null;
  const alpha = parts[3] === undefined ? 1 : cssNumber(parts[3], 1);
  if (alpha === null) return null;
  if (fn[1]!.startsWith('rgb')) {
    const channels = parts.slice(0, 3).map((part) => cssNumber(part, 255));
    if (channels.some((channel) => channel === null)) return null;
    const [r, g, b] = channels.map((channel) => Math.round(clamp(channel!, 0, 255)));
    return { rgb: [r!, g!, b!], alpha: clamp(alpha, 0, 1) };
  }
  const hue = cssNumber(parts[0]!.replace(/deg$/, ''), 1);
  const saturation = cssNumber(parts[1]!, 1);
  const lightness = cssNumber(parts[2]!, 1);
  if (hue === null || saturation === null || lightness === null) return null;
  return {
    rgb: hueToRgb(((hue % 360) + 360) % 360, clamp(saturation, 0, 1), clamp(lightness, 0, 1)),
    alpha: clamp(alpha, 0, 1),
  };
}

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio, 1 (same) to 21 (black on white). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** A translucent colour as seen over an opaque background. */
export function composite(colour: Colour, background: Rgb): Rgb {
  const a = clamp(colour.alpha, 0, 1);
  return [0, 1, 2].map((i) => Math.round(colour.rgb[i]! * a + background[i]! * (1 - a))) as [
    number,
    number,
    number,
  ];
}

/** Paint the logo puts down: a colour, or something unknown (an image, a pattern), with its area. */
export type Paint = { colour: Colour | null; weight: number };

// ---------------------------------------------------------------------------------------------
// Reading the SVG

type Declarations = Map<string, string>;
type Rule = {
  tag: string | null;
  id: string | null;
  classes: string[];
  declarations: Declarations;
};

const PROPERTIES = new Set([
  'fill',
  'stroke',
  'fill-opacity',
  'stroke-opacity',
  'opacity',
  'color',
  'stroke-width',
  'display',
  'visibility',
  'font-size',
  'stop-color',
  'stop-opacity',
]);

function parseDeclarations(css: string): Declarations {
  const declarations: Declarations = new Map();
  for (const part of css.split(';')) {
    const colon = part.indexOf(':');
    if (colon <= 0) continue;
    const name = part.slice(0, colon).trim().toLowerCase();
    if (PROPERTIES.has(name)) {
      declarations.set(
        name,
        part
          .slice(colon + 1)
          .replace(/!\s*important/i, '')
          .trim(),
      );
    }
  }
  return declarations;
}

/**
 * Rules of the SVG's <style> blocks, most specific last. Only the last compound selector is
 * matched (`.logo .st0` as `.st0`); rules with pseudo-classes or attribute selectors are skipped.
 */
function parseStylesheet(css: string): Rule[] {
  const rules: (Rule & { specificity: number; order: number })[] = [];
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const [, prelude, body] of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const declarations = parseDeclarations(body!);
    if (declarations.size === 0) continue;
    for (const selector of prelude!.split(',')) {
      const compound =
        selector
          .trim()
          .split(/[\s>+~]+/)
          .pop() ?? '';
      if (!compound || /[[:@]/.test(compound)) continue;
      const match = /^([a-zA-Z][\w-]*|\*)?((?:[.#][\w-]+)*)$/.exec(compound);
      if (!match) continue;
      const tag = match[1] && match[1] !== '*' ? match[1] : null;
      const parts = match[2]!.match(/[.#][\w-]+/g) ?? [];
      const ids = parts.filter((part) => part.startsWith('#')).map((part) => part.slice(1));
      const classes = parts.filter((part) => part.startsWith('.')).map((part) => part.slice(1));
      if (ids.length > 1) continue;
      rules.push({
        tag,
        id: ids[0] ?? null,
        classes,
        declarations,
        specificity: ids.length * 100 + classes.length * 10 + (tag ? 1 : 0),
        order: rules.length,
      });
    }
  }
  return rules.sort((a, b) => a.specificity - b.specificity || a.order - b.order);
}

function matches(rule: Rule, name: string, attributes: Record<string, string>): boolean {
  if (rule.tag && rule.tag !== name) return false;
  if (rule.id && attributes.id !== rule.id) return false;
  if (rule.classes.length) {
    const classes = (attributes.class ?? '').split(/\s+/);
    if (!rule.classes.every((c) => classes.includes(c))) return false;
  }
  return true;
}

/** Presentation attributes, then matching <style> rules, then the style attribute (CSS order). */
function ownProperties(
  name: string,
  attributes: Record<string, string>,
  rules: readonly Rule[],
): Declarations {
  const own: Declarations = new Map();
  for (const property of PROPERTIES) {
    const value = attributes[property];
    if (value !== undefined) own.set(property, value.trim());
  }
  for (const rule of rules) {
    if (matches(rule, name, attributes)) for (const [k, v] of rule.declarations) own.set(k, v);
  }
  if (attributes.style) for (const [k, v] of parseDeclarations(attributes.style)) own.set(k, v);
  return own;
}

/** How much a transform scales areas (|det| of its matrix); translate and rotate keep them. */
function transformScale(transform: string | undefined): number {
  if (!transform) return 1;
  let scale = 1;
  for (const [, fn, args] of transform.matchAll(/(matrix|scale)\s*\(([^)]*)\)/gi)) {
    const n = args!
      .trim()
      .split(/[\s,]+/)
      .map(Number)
      .filter((x) => Number.isFinite(x));
    if (fn!.toLowerCase() === 'matrix' && n.length === 6)
      scale *= Math.abs(n[0]! * n[3]! - n[1]! * n[2]!);
    else if (fn!.toLowerCase() === 'scale' && n.length >= 1)
      scale *= Math.abs(n[0]! * (n[1] ?? n[0]!));
  }
  return scale;
}

type Box = { minX: number; minY: number; maxX: number; maxY: number };

function emptyBox(): Box {
  return { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
}

function extend(box: Box, x: number, y: number): void {
  if (!Number.isFinite(x) || !Number.isFinite(y)) return;
  box.minX = Math.min(box.minX, x);
  box.minY = Math.min(box.minY, y);
  box.maxX = Math.max(box.maxX, x);
  box.maxY = Math.max(box.maxY, y);
}

function boxSize(box: Box): { width: number; height: number } {
  return box.maxX < box.minX
    ? { width: 0, height: 0 }
    : { width: box.maxX - box.minX, height: box.maxY - box.minY };
}

/** Parameters each path command takes, per repetition. */
const PATH_ARGS: Record<string, number> = {
  m: 2,
  l: 2,
  h: 1,
  v: 1,
  c: 6,
  s: 4,
  q: 4,
  t: 2,
  a: 7,
  z: 0,
};

/**
 * The bounding box of a path's end and control points (a little larger than the curve's own for
 * curves; arcs count their end points only). Arc flags may be written without separators ('a1 1 0
 * 011 1'), so the data is scanned rather than split.
 */
function pathBox(d: string): Box {
  const box = emptyBox();
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  let i = 0;
  let command = '';
  const number = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;
  const skip = () => {
    while (i < d.length && /[\s,]/.test(d[i]!)) i++;
  };
  const readNumber = (flag: boolean): number | null => {
    skip();
    if (flag) {
      const c = d[i];
      if (c === '0' || c === '1') {
        i++;
        return Number(c);
      }
      return null;
    }
    number.lastIndex = i;
    const match = number.exec(d);
    if (!match) return null;
    i = number.lastIndex;
    return Number(match[0]);
  };
  while (i < d.length) {
    skip();
    if (i >= d.length) break;
    if (/[a-zA-Z]/.test(d[i]!)) command = d[i++]!;
    const lower = command.toLowerCase();
    const count = PATH_ARGS[lower];
    if (count === undefined) break;
    if (count === 0) {
      x = startX;
      y = startY;
      command = '';
      continue;
    }
    const args: number[] = [];
    for (let k = 0; k < count; k++) {
      const value = readNumber(lower === 'a' && (k === 3 || k === 4));
      if (value === null) return box;
      args.push(value);
    }
    const relative = command !== command.toUpperCase();
    const ox = relative ? x : 0;
    const oy = relative ? y : 0;
    if (lower === 'h') x = ox + args[0]!;
    else if (lower === 'v') y = oy + args[0]!;
    else {
      // Control points, then the end point, are (x, y) pairs; an arc's end is its last pair.
      const pairs = lower === 'a' ? [[args[5]!, args[6]!]] : [];
      if (lower !== 'a')
        for (let k = 0; k < args.length; k += 2) pairs.push([args[k]!, args[k + 1]!]);
      for (const [px, py] of pairs.slice(0, -1)) extend(box, ox + px!, oy + py!);
      const [ex, ey] = pairs[pairs.length - 1]!;
      x = ox + ex!;
      y = oy + ey!;
    }
    extend(box, x, y);
    if (lower === 'm') {
      startX = x;
      startY = y;
      // Pairs after a moveto are linetos.
      command = command === 'm' ? 'l' : 'L';
    }
  }
  return box;
}

function pointsBox(points: string): Box {
  const box = emptyBox();
  const n = points
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  for (let k = 0; k + 1 < n.length; k += 2) extend(box, n[k]!, n[k + 1]!);
  return box;
}

function length(value: string | undefined, fallback = 0): number {
  const n = Number.parseFloat(value ?? '');
  return Number.isFinite(n) ? n : fallback;
}

/** The footprint (width × height) of a shape, and its perimeter for stroke weight. */
function shapeSize(name: string, a: Record<string, string>): { width: number; height: number } {
  switch (name) {
    case 'rect':
    case 'image':
    case 'use':
      return { width: length(a.width), height: length(a.height) };
    case 'circle':
      return { width: 2 * length(a.r), height: 2 * length(a.r) };
    case 'ellipse':
      return { width: 2 * length(a.rx), height: 2 * length(a.ry) };
    case 'line':
      return {
        width: Math.abs(length(a.x2) - length(a.x1)),
        height: Math.abs(length(a.y2) - length(a.y1)),
      };
    case 'polygon':
    case 'polyline':
      return boxSize(pointsBox(a.points ?? ''));
    case 'path':
      return boxSize(pathBox(a.d ?? ''));
    default:
      return { width: 0, height: 0 };
  }
}

const SHAPES = new Set(['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon']);
const TEXT_CONTENT = new Set(['text', 'tspan', 'textPath']);
/** Containers whose content is not drawn where it stands (definitions, clipping, metadata). */
const NOT_RENDERED = new Set([
  'defs',
  'clipPath',
  'mask',
  'pattern',
  'symbol',
  'marker',
  'linearGradient',
  'radialGradient',
  'filter',
  'title',
  'desc',
  'metadata',
  'script',
  'foreignObject',
]);

type State = {
  name: string;
  inherited: Map<string, string>;
  opacity: number;
  scale: number;
  hidden: boolean;
  /** Inside a gradient: its id, to collect its stops. */
  gradient: string | null;
};

/** A shape's paint before gradients are resolved (they may be defined after their use). */
type PendingPaint = { value: string; color: string; alpha: number; weight: number };

type Gradient = { stops: Colour[]; href: string | null };

function strip(svg: string): { markup: string; css: string } {
  let css = '';
  const markup = svg
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\?[\s\S]*?\?>/g, '')
    .replace(/<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>/gi, '')
    .replace(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi, (_, text: string) => {
      css += `${text.replace(/<!\[CDATA\[|\]\]>/g, '')}\n`;
      return '';
    })
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, text: string) => text.replace(/</g, ' '));
  return { markup, css };
}

const TAG = /<(\/?)([A-Za-z_][\w:.-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>/g;
const ATTRIBUTE = /([A-Za-z_][\w:.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

function opacityValue(value: string | undefined): number {
  if (value === undefined) return 1;
  const n = cssNumber(value, 1);
  return n === null ? 1 : clamp(n, 0, 1);
}

/** The paint a logo puts down, each colour with the area it covers. */
export function svgPaints(svg: string): Paint[] {
  const { markup, css } = strip(svg);
  const rules = parseStylesheet(css);
  const gradients = new Map<string, Gradient>();
  const pending: PendingPaint[] = [];
  const unknown: Paint[] = [];

  const root: State = {
    name: '#root',
    inherited: new Map([
      ['fill', 'black'],
      ['stroke', 'none'],
      ['color', 'black'],
      ['stroke-width', '1'],
      ['font-size', '16'],
    ]),
    opacity: 1,
    scale: 1,
    hidden: false,
    gradient: null,
  };
  const stack: State[] = [root];
  let last = 0;

  const addPaint = (state: State, property: 'fill' | 'stroke', weight: number) => {
    const value = state.inherited.get(property) ?? 'none';
    if (value === 'none' || weight <= 0) return;
    const alpha = state.opacity * opacityValue(state.inherited.get(`${property}-opacity`));
    pending.push({ value, color: state.inherited.get('color') ?? 'black', alpha, weight });
  };

  const addText = (state: State, text: string) => {
    const chars = text.replace(/\s+/g, '').length;
    if (!chars || state.hidden || !TEXT_CONTENT.has(state.name)) return;
    const size = length(state.inherited.get('font-size'), 16);
    // A glyph covers roughly half an em square.
    addPaint(state, 'fill', chars * size * size * 0.5 * state.scale);
  };

  for (const match of markup.matchAll(TAG)) {
    const top = stack[stack.length - 1]!;
    addText(top, markup.slice(last, match.index));
    last = match.index + match[0].length;

    const [, closing, rawName, rawAttributes] = match;
    const name = localName(rawName!);
    if (closing) {
      // Pop to the matching element (tolerates stray closing tags).
      const at = stack.findLastIndex((state) => state.name === name);
      if (at > 0) stack.length = at;
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const [, attribute, double, single] of rawAttributes!.matchAll(ATTRIBUTE)) {
      attributes[localName(attribute!) === 'href' ? 'href' : attribute!] = double ?? single ?? '';
    }
    const own = ownProperties(name, attributes, rules);
    const inherited = new Map(top.inherited);
    for (const [property, value] of own) {
      if (value !== 'inherit' && property !== 'opacity' && property !== 'display') {
        inherited.set(property, value);
      }
    }
    const gradient =
      name === 'linearGradient' || name === 'radialGradient' ? (attributes.id ?? '') : top.gradient;
    const state: State = {
      name,
      inherited,
      opacity: top.opacity * opacityValue(own.get('opacity')),
      scale: top.scale * transformScale(attributes.transform),
      hidden: top.hidden || NOT_RENDERED.has(name) || own.get('display') === 'none',
      gradient,
    };

    if ((name === 'linearGradient' || name === 'radialGradient') && attributes.id) {
      gradients.set(attributes.id, { stops: [], href: attributes.href?.replace(/^#/, '') ?? null });
    } else if (name === 'stop' && gradient) {
      const colour = parseColour(
        own.get('stop-color')?.toLowerCase() === 'currentcolor'
          ? (inherited.get('color') ?? 'black')
          : (own.get('stop-color') ?? 'black'),
      );
      if (colour) {
        gradients.get(gradient)?.stops.push({
          rgb: colour.rgb,
          alpha: colour.alpha * opacityValue(own.get('stop-opacity')),
        });
      }
    }

    const visible = !state.hidden && inherited.get('visibility') !== 'hidden';
    if (visible && (SHAPES.has(name) || name === 'image' || name === 'use')) {
      const { width, height } = shapeSize(name, attributes);
      const area = width * height * state.scale;
      if (name === 'image' || name === 'use') {
        unknown.push({ colour: null, weight: area });
      } else {
        // A tiny floor, so a file whose shapes could not be measured is weighed by count.
        addPaint(state, 'fill', name === 'line' ? 0 : Math.max(area, 1e-9));
        const strokeWidth = length(inherited.get('stroke-width'), 1);
        const strokeArea = 2 * (width + height) * strokeWidth * state.scale;
        addPaint(state, 'stroke', Math.max(strokeArea, 1e-9));
      }
    }

    const selfClosing = rawAttributes!.trimEnd().endsWith('/');
    if (!selfClosing) stack.push(state);
  }

  const stopsOf = (id: string, depth = 0): Colour[] => {
    const gradient = gradients.get(id);
    if (!gradient) return [];
    if (gradient.stops.length || !gradient.href || depth > 8) return gradient.stops;
    return stopsOf(gradient.href, depth + 1);
  };

  const paints: Paint[] = [...unknown];
  for (const paint of pending) {
    const reference = /^url\(\s*["']?#([^"')\s]+)["']?\s*\)/.exec(paint.value);
    if (reference) {
      const stops = stopsOf(reference[1]!);
      if (stops.length === 0) paints.push({ colour: null, weight: paint.weight });
      for (const stop of stops) {
        paints.push({
          colour: { rgb: stop.rgb, alpha: stop.alpha * paint.alpha },
          weight: paint.weight / stops.length,
        });
      }
      continue;
    }
    const colour = parseColour(
      paint.value.toLowerCase() === 'currentcolor' ? paint.color : paint.value,
    );
    if (colour === null) {
      paints.push({ colour: null, weight: paint.weight });
    } else if (colour.alpha * paint.alpha > 0) {
      paints.push({
        colour: { rgb: colour.rgb, alpha: colour.alpha * paint.alpha },
        weight: paint.weight,
      });
    }
  }
  return paints;
}

export type ContrastVerdict = 'low' | 'ok' | 'unknown';

/**
 * Whether the logo stands out from `backgrounds` (several for a checkerboard: a colour counts as
 * visible if it stands out from any of them). 'unknown' when the paint could not be read.
 */
export function contrastVerdict(
  paints: readonly Paint[],
  backgrounds: readonly Rgb[],
): ContrastVerdict {
  let known = 0;
  let unknownWeight = 0;
  let visible = 0;
  for (const paint of paints) {
    if (!paint.colour) {
      unknownWeight += paint.weight;
      continue;
    }
    known += paint.weight;
    const colour = paint.colour;
    const stands = backgrounds.some(
      (background) =>
        contrastRatio(composite(colour, background), background) >= LOW_CONTRAST_RATIO,
    );
    if (stands) visible += paint.weight;
  }
  if (known === 0 || unknownWeight > known) return 'unknown';
  return visible / known < VISIBLE_SHARE_NEEDED ? 'low' : 'ok';
}

/** The verdict for paint on backgrounds given as CSS colours (a preview surface's). */
export function paintContrast(
  paints: readonly Paint[],
  backgroundColours: readonly string[],
): ContrastVerdict {
  const backgrounds = backgroundColours
    .map((colour) => parseColour(colour)?.rgb)
    .filter((rgb): rgb is Rgb => rgb !== undefined);
  if (backgrounds.length === 0) return 'unknown';
  return contrastVerdict(paints, backgrounds);
}

/** The verdict for an SVG's source on backgrounds given as CSS colours. */
export function svgContrast(svg: string, backgroundColours: readonly string[]): ContrastVerdict {
  return paintContrast(svgPaints(svg), backgroundColours);
}
