import {
  _collections,
  builtinPlugins,
  optimize,
  type CustomPlugin,
  type XastChild,
  type XastElement,
  type XastParent,
  type XastRoot,
} from 'svgo/browser';
import { generate, parse, walk, type CssNode, type List, type ListItem } from 'css-tree';
import { SVG_ELEMENTS } from '../svg-allowlist.ts';
import { lengthInPx, parseViewBox } from '../svg-size.ts';

/*
 * One SVG as a nested <svg> for a sheet cell: parsed by SVGO, sanitised, and ids prefixed so two
 * logos' `id="a"` cannot bind to each other. The custom plugin walks the tree itself: SVGO's visitor
 * is quadratic on Commons' flat 20 000-path files. What goes, and why:
 * docs/decisions/011-downloads-quotas-and-consolidation.md.
 */

export const SVG_NS = 'http://www.w3.org/2000/svg';
export const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

const ANIMATION_ELEMENTS = new Set(['animate', 'animateMotion', 'animateTransform', 'set']);
const IMAGE_ELEMENTS = new Set(['image', 'feImage']);
/** Elements that mean nothing without their href. */
const HREF_REQUIRED = new Set(['use', 'image', 'feImage']);
const SAFE_DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]*$/i;
const DANGEROUS_VALUE = /javascript:|vbscript:|data:text\/html/;
const LOCAL_REF = /^#[^\s"'()#]+$/;
const CSS_FUNCTION = /url\(/i;
const LOCAL_URL = /url\(\s*(["']?)#([^"')\s]+)\1\s*\)/g;
/** After CSS escapes are decoded, anything that could still fetch or run something. */
const CSS_STILL_LOADS =
  /@import|url\((?!#)|image-set\(|(?:^|[^a-z-])image\(|(?:^|[^a-z-])src\(|expression\(|behavior:|-moz-binding|javascript:/;

export class InvalidSvgError extends Error {
  override name = 'InvalidSvgError';
}

type PrepareOptions = {
  /** Id prefix without the delimiter: 'l0' gives ids like 'l0_a'. */
  prefix: string;
  /** The id of the element that wraps the nested <svg> in the sheet, for scoping <style> rules. */
  scopeId: string;
  box: { x: number; y: number; width: number; height: number };
  /** Size for an unknown dimension (no viewBox, and a missing or percentage width/height). */
  fallbackSize: number;
};

/** A number rounded to 3 decimals, as SVG text. */
export function num(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

function decodeCssEscapes(css: string): string {
  return css.replace(/\\([0-9a-f]{1,6})\s?|\\([\s\S])/gi, (_, hex: string | undefined, char) =>
    hex ? String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff) || 0xfffd) : char,
  );
}

type CssContext = 'stylesheet' | 'declarationList' | 'value';

/**
 * CSS with only local url(#…) references (others become `none`) and no @import, the rest spelt as
 * it was; null when something that loads or runs code remains once escapes are decoded.
 */
export function sanitizeCss(css: string, context: CssContext = 'stylesheet'): string | null {
  const edits: { start: number; end: number; text: string }[] = [];
  walk(parse(css, { context, positions: true }), (node) => {
    if (!node.loc) return;
    const span = { start: node.loc.start.offset, end: node.loc.end.offset };
    if (node.type === 'Atrule' && node.name.toLowerCase() === 'import') {
      edits.push({ ...span, text: '' });
    } else if (node.type === 'Url') {
      const target = node.value.trim();
      edits.push({ ...span, text: LOCAL_REF.test(target) ? `url(${target})` : 'none' });
    }
  });
  let cleaned = css;
  for (const { start, end, text } of edits.reverse()) {
    cleaned = cleaned.slice(0, start) + text + cleaned.slice(end);
  }
  return CSS_STILL_LOADS.test(compactLower(decodeCssEscapes(cleaned))) ? null : cleaned;
}

function compactLower(value: string): string {
  // eslint-disable-next-line no-control-regex -- browsers ignore control characters inside a url scheme ('java\x01script:')
  return value.replace(/[\s\u0000-\u001f]+/g, '').toLowerCase();
}

type NamespaceScope = ReadonlyMap<string, string>;

/** The element's namespace declarations applied to the scope (a copy only when it declares any). */
function enterScope(element: XastElement, scope: NamespaceScope): NamespaceScope {
  let next: Map<string, string> | null = null;
  for (const name in element.attributes) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) {
      next ??= new Map(scope);
      next.set(name === 'xmlns' ? '' : name.slice(6), element.attributes[name]!);
    }
  }
  return next ?? scope;
}

/** The element's SVG local name, or null when it is in another namespace. */
function svgLocalName(name: string, scope: NamespaceScope): string | null {
  const colon = name.indexOf(':');
  if (colon === -1) {
    const uri = scope.get('');
    // No default namespace at all: browsers reject such a file standalone, but it is meant as SVG.
    return uri === undefined || uri === SVG_NS ? name : null;
  }
  return scope.get(name.slice(0, colon)) === SVG_NS ? name.slice(colon + 1) : null;
}

type Walk = {
  prefixEnter: (node: XastElement, parent: XastParent) => void;
  prefix: string; // 'l0_'
  ids: Set<string>;
};

/** Attributes whose url(#…) SVGO's prefixIds rewrites; the others (animation values, cursor) are ours. */
const PREFIXED_BY_SVGO: ReadonlySet<string> = _collections.referencesProps;

function sanitizeAttributes(element: XastElement, scope: NamespaceScope): Record<string, string> {
  const kept: Record<string, string> = {};
  // for…in and cheap substring checks first: path data runs to megabytes, and this sees every attribute.
  for (const rawName in element.attributes) {
    const value = element.attributes[rawName]!;
    if (rawName.startsWith('xmlns')) continue;
    let name = rawName;
    const colon = rawName.indexOf(':');
    if (colon !== -1) {
      const prefix = rawName.slice(0, colon);
      const local = rawName.slice(colon + 1);
      const uri = prefix === 'xml' ? XML_NS : scope.get(prefix);
      if (uri === XML_NS && (local === 'space' || local === 'lang')) name = `xml:${local}`;
      else if (uri === XLINK_NS && (local === 'href' || local === 'title')) name = `xlink:${local}`;
      else continue;
    }
    if (/^on/i.test(name)) continue;
    // Every dangerous scheme needs a colon (the parser has already decoded &#x3A;).
    if (value.includes(':') && DANGEROUS_VALUE.test(compactLower(value))) continue;

    if (name === 'href' || name === 'xlink:href') {
      const target = value.trim();
      if (LOCAL_REF.test(target)) kept[name] = target;
      else if (IMAGE_ELEMENTS.has(element.name) && SAFE_DATA_IMAGE.test(target))
        kept[name] = target;
      continue;
    }
    if (name === 'style' || CSS_FUNCTION.test(value)) {
      const css = sanitizeCss(value, name === 'style' ? 'declarationList' : 'value');
      if (css !== null) kept[name] = css;
      continue;
    }
    kept[name] = value;
  }
  return kept;
}

/** Sanitises and prefixes `parent`'s children in place; elements not allowed go with their subtree. */
function sanitizeChildren(parent: XastParent, scope: NamespaceScope, walk: Walk): void {
  // Comments, processing instructions (xml-stylesheet!) and doctypes are dropped.
  parent.children = parent.children.filter(
    (child) =>
      child.type === 'text' ||
      child.type === 'cdata' ||
      (child.type === 'element' && sanitizeElement(child, parent, scope, walk)),
  );
}

function sanitizeElement(
  element: XastElement,
  parent: XastParent,
  outerScope: NamespaceScope,
  walk: Walk,
): boolean {
  const scope = enterScope(element, outerScope);
  const name = svgLocalName(element.name, scope);
  if (name === null || !SVG_ELEMENTS.has(name)) return false;
  element.name = name;
  element.attributes = sanitizeAttributes(element, scope);

  if (ANIMATION_ELEMENTS.has(name)) {
    const target = compactLower(element.attributes.attributeName ?? '');
    if (target.startsWith('on') || target === 'href' || target === 'xlink:href') return false;
  }
  if (lacksRequiredHref(element)) return false;

  if (name === 'style') {
    const text = element.children
      .map((child) => (child.type === 'text' || child.type === 'cdata' ? child.value : ''))
      .join('');
    const css = sanitizeCss(text);
    if (css === null) return false;
    element.children = [{ type: 'text', value: css }];
  }

  walk.prefixEnter(element, parent);
  for (const attribute in element.attributes) {
    const value = element.attributes[attribute]!;
    if (value.includes('url(#') && !PREFIXED_BY_SVGO.has(attribute)) {
      element.attributes[attribute] = value.replace(LOCAL_URL, (_, _quote, id: string) =>
        id.startsWith(walk.prefix) ? `url(#${id})` : `url(#${walk.prefix}${id})`,
      );
    }
  }
  const id = element.attributes.id;
  if (id !== undefined) {
    // Browsers resolve a duplicated id to its first element; make that the only one.
    if (walk.ids.has(id)) delete element.attributes.id;
    else walk.ids.add(id);
  }

  if (name !== 'style') sanitizeChildren(element, scope, walk);
  return true;
}

/** Whether an element that means nothing without its href (<use>, <image>) has none. */
function lacksRequiredHref({ name, attributes }: XastElement): boolean {
  return HREF_REQUIRED.has(name) && (attributes.href ?? attributes['xlink:href']) === undefined;
}

/** url(#x) references to ids not in this logo become `none`. */
function keepLocalUrls(value: string, ids: ReadonlySet<string>): string {
  return value.replace(LOCAL_URL, (match, _quote, id: string) => (ids.has(id) ? match : 'none'));
}

/** Second pass: every reference must point at an id of this logo, now that all ids are known. */
function checkReferences(parent: XastParent, ids: ReadonlySet<string>, scopeId: string): void {
  const kept: XastChild[] = [];
  for (const child of parent.children) {
    if (child.type !== 'element') {
      kept.push(child);
      continue;
    }
    const attributes = child.attributes;
    for (const name of ['href', 'xlink:href'] as const) {
      const value = attributes[name];
      if (value?.startsWith('#') && !ids.has(value.slice(1))) delete attributes[name];
    }
    if (lacksRequiredHref(child)) continue;
    for (const name in attributes) {
      const value = attributes[name]!;
      if (value.includes('url(')) attributes[name] = keepLocalUrls(value, ids);
    }
    if (child.name === 'style') {
      for (const text of child.children) {
        if (text.type === 'text' || text.type === 'cdata') {
          text.value = scopeCss(keepLocalUrls(text.value, ids), `#${scopeId}`);
        }
      }
    } else {
      checkReferences(child, ids, scopeId);
    }
    kept.push(child);
  }
  parent.children = kept;
}

/** The cell's own geometry, which the logo's root attributes may not override. */
const CELL_GEOMETRY = ['x', 'y', 'width', 'height', 'viewBox', 'preserveAspectRatio', 'overflow'];
const GROUPING_AT_RULES = new Set(['media', 'supports', 'container', 'layer', 'scope', 'document']);

/**
 * Scopes every style rule to `scope` (the cell's id selector): an SVG's <style> applies to the
 * whole document, so a logo's `path{fill:red}` would paint its neighbours. `:root` becomes the
 * nested <svg>; @keyframes and @font-face stay as they are.
 */
export function scopeCss(css: string, scope: string): string {
  const ast = parse(css);
  walk(ast, {
    visit: 'Rule',
    enter(rule, item: ListItem<CssNode>, list: List<CssNode>) {
      if (this.atrule && !GROUPING_AT_RULES.has(this.atrule.name.toLowerCase())) return;
      // A selector the parser could not read would escape the scope: drop its rule.
      if (rule.prelude.type !== 'SelectorList') return void list.remove(item);
      const selectors = rule.prelude.children.toArray().map((selector) => {
        const text = generate(selector);
        return text.startsWith(':root') ? `${scope}>svg${text.slice(5)}` : `${scope} ${text}`;
      });
      rule.prelude = { type: 'Raw', value: selectors.join(',') };
    },
  });
  return generate(ast);
}

type PrefixIdsPlugin = Extract<(typeof builtinPlugins)[number], { name: 'prefixIds' }>;
const prefixIdsPlugin = builtinPlugins.find(
  (plugin): plugin is PrefixIdsPlugin => plugin.name === 'prefixIds',
);

/** Longest DOCTYPE entity value: Illustrator's are namespace urls; long ones are an expansion attack. */
const MAX_ENTITY_VALUE = 2048;

/**
 * One logo parsed, sanitised, prefixed and positioned as a nested <svg>. Throws InvalidSvgError
 * unless the text is well-formed XML with an <svg> root.
 */
export function prepareLogo(source: string, options: PrepareOptions): string {
  const text = source.replace(/^\uFEFF/, '');
  const doctype = /<!DOCTYPE[^[>]*\[([\s\S]*?)\]\s*>/i.exec(text.slice(0, 65_536));
  if (doctype) {
    for (const match of doctype[1]!.matchAll(/<!ENTITY\s+%?\s*\S+\s+(?:'([^']*)'|"([^"]*)")/g)) {
      if ((match[1] ?? match[2] ?? '').length > MAX_ENTITY_VALUE) {
        throw new InvalidSvgError('it declares oversized XML entities');
      }
    }
  }

  let placed = false;
  const plugin: CustomPlugin = {
    name: 'wikilogosSheetCell',
    fn: (root: XastRoot) => {
      const svg = root.children.find((child) => child.type === 'element');
      if (!svg) throw new InvalidSvgError('it has no root element');
      const scope = enterScope(svg, new Map());
      if (svgLocalName(svg.name, scope) !== 'svg') {
        throw new InvalidSvgError(`its root element is <${svg.name}>, not <svg>`);
      }
      const given = parseViewBox(svg.attributes.viewBox);
      const viewBox = given ?? [
        0,
        0,
        lengthInPx(svg.attributes.width) ?? options.fallbackSize,
        lengthInPx(svg.attributes.height) ?? options.fallbackSize,
      ];

      if (!prefixIdsPlugin) throw new Error('This SVGO build has no prefixIds plugin.');
      const prefixVisitor = prefixIdsPlugin.fn(
        root,
        { prefix: options.prefix, delim: '_' },
        { path: undefined, multipassCount: 0 },
      );
      const prefixEnter = prefixVisitor?.element?.enter;
      const walk: Walk = {
        prefixEnter: prefixEnter ? (node, parent) => void prefixEnter(node, parent) : () => {},
        prefix: `${options.prefix}_`,
        ids: new Set(),
      };
      sanitizeChildren(root, new Map(), walk);
      const cell = root.children.find((child) => child.type === 'element');
      if (!cell) throw new InvalidSvgError('it has no root element');
      checkReferences(root, walk.ids, options.scopeId);

      const rest = { ...cell.attributes };
      for (const name of CELL_GEOMETRY) delete rest[name];
      if (rest.style !== undefined) {
        // CSS geometry properties would override the cell's x/y/width/height attributes.
        rest.style = rest.style.replace(/(^|;)\s*(?:width|height|x|y|overflow)\s*:[^;]*/gi, '$1');
      }
      const { box } = options;
      cell.attributes = {
        x: num(box.x),
        y: num(box.y),
        width: num(box.width),
        height: num(box.height),
        viewBox: (given ? given.map(String) : viewBox.map(num)).join(' '),
        preserveAspectRatio: 'xMidYMid meet',
        // A nested <svg> clips to its box anyway; say so in case the logo asked otherwise.
        overflow: 'hidden',
        ...rest,
      };
      placed = true;
      return null;
    },
  };

  let output: string;
  try {
    output = optimize(text, { plugins: [plugin], js2svg: { pretty: false } }).data;
  } catch (error) {
    if (error instanceof InvalidSvgError) throw error;
    // Thousands of nested elements overflow the stack of the (recursive) walks and serialiser.
    if (error instanceof RangeError)
      throw new InvalidSvgError('its elements are nested too deeply');
    const reason =
      error instanceof Error && 'reason' in error && typeof error.reason === 'string'
        ? error.reason
        : 'it is not well-formed XML';
    const line = error instanceof Error && 'line' in error ? ` (line ${String(error.line)})` : '';
    throw new InvalidSvgError(`the XML could not be read: ${reason}${line}`);
  }
  if (!placed) throw new InvalidSvgError('it is empty');
  return output;
}
