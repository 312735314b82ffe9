import { parse, walk, type Raw } from 'css-tree';
import type { XastElement } from 'svgo/browser';
import { JSX_SVG_ELEMENTS, KEYWORD_ATTRIBUTES, REACT_SVG_ATTRIBUTES } from '../svg-allowlist.ts';
import { camelCase, commentText, optimizedSvgElement } from './component-writing.ts';

/*
 * An SVG logo as a TSX component: optimised by SVGO, then written as JSX that type-checks against
 * @types/react, props spread onto the <svg> and a <title> for its accessible name. Left out: what
 * cannot be JSX or should not be pasted into an app (scripts, event attributes, editor namespaces,
 * <foreignObject>, attributes React's SVG types do not know; hyphenated ones TypeScript allows).
 */

/** Elements whose text content matters; elsewhere whitespace between tags is layout only. */
const TEXT_ELEMENTS = new Set(['text', 'tspan', 'textPath', 'title', 'desc', 'style']);

/** XML names that React spells its own way. */
const RENAMED: Record<string, string> = {
  class: 'className',
  'xlink:href': 'href',
  'xml:lang': 'xmlLang',
  'xml:space': 'xmlSpace',
};

/**
 * The JSX name of an attribute, or null to leave it out: event handlers (strings that run code),
 * ARIA and role (the component sets its own), namespaced editor data, names React's types reject.
 */
function jsxAttributeName(name: string): string | null {
  const renamed = RENAMED[name];
  if (renamed) return renamed;
  if (/^on/i.test(name) || /^aria-/i.test(name) || name === 'role' || name.includes(':')) {
    return null;
  }
  if (name === 'style') return 'style';
  if (/^data-/i.test(name)) return name.toLowerCase();
  const camel = camelCase(name);
  if (REACT_SVG_ATTRIBUTES.has(camel) || Object.hasOwn(KEYWORD_ATTRIBUTES, camel)) return camel;
  // TypeScript does not check hyphenated attribute names it does not know; React passes them on.
  return name.includes('-') ? name : null;
}

/** A CSS property as a React style key: `stroke-width` → strokeWidth, `-webkit-x` → WebkitX. */
function styleKey(property: string): string | null {
  if (property.startsWith('--')) return property;
  const vendor = /^-(webkit|moz|ms|o)-(.+)$/.exec(property);
  if (vendor) {
    const rest = camelCase(`-${vendor[2]!}`);
    return vendor[1] === 'ms'
      ? `ms${rest}`
      : `${vendor[1]![0]!.toUpperCase()}${vendor[1]!.slice(1)}${rest}`;
  }
  // Other vendors (-inkscape-font-specification) mean nothing to a browser.
  if (property.startsWith('-') || !/^[a-z][a-z0-9-]*$/.test(property)) return null;
  return camelCase(property);
}

/** A style attribute's declarations as [property, value] pairs, values as written. */
function declarations(style: string): [string, string][] {
  const result: [string, string][] = [];
  const ast = parse(style, { context: 'declarationList', parseValue: false });
  walk(ast, {
    visit: 'Declaration',
    enter(node) {
      const value = (node.value as Raw).value.trim();
      if (value) result.push([node.property.toLowerCase(), value]);
    },
  });
  return result;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A style attribute as a JSX object, or null when nothing usable is left. */
function styleObject(style: string): string | null {
  const entries: string[] = [];
  for (const [property, value] of declarations(style)) {
    const key = styleKey(property);
    if (key === null || /javascript:|expression\(/i.test(value)) continue;
    entries.push(`${IDENTIFIER.test(key) ? key : JSON.stringify(key)}: ${JSON.stringify(value)}`);
  }
  // `as CSSProperties`: custom properties and values outside csstype's unions still type-check.
  return entries.length ? `{ ${entries.join(', ')} } as CSSProperties` : null;
}

/** A JSX attribute value: a plain string when JSX would read it back unchanged, else an expression. */
function attributeValue(value: string): string {
  return /^[^"&{}<>\\\r\n]*$/.test(value) ? `"${value}"` : `{${JSON.stringify(value)}}`;
}

type Writer = { lines: string[]; usesCssProperties: boolean };

function attributesOf(element: XastElement, writer: Writer): string[] {
  const attributes: string[] = [];
  for (const [name, value] of Object.entries(element.attributes)) {
    const jsxName = jsxAttributeName(name);
    if (jsxName === null || /javascript:|vbscript:/i.test(value)) continue;
    if (jsxName === 'style') {
      const object = styleObject(value);
      if (object) {
        attributes.push(`style={${object}}`);
        writer.usesCssProperties = true;
      }
      continue;
    }
    const keywords = KEYWORD_ATTRIBUTES[jsxName];
    if (keywords) {
      // Browsers ignore an unknown keyword too.
      if (keywords.has(value.trim())) attributes.push(`${jsxName}="${value.trim()}"`);
      continue;
    }
    attributes.push(`${jsxName}=${attributeValue(value)}`);
  }
  return attributes;
}

/** What makes an <a> a link; the rest (fill, transform) still paints its children. */
// prettier-ignore
const LINK_ATTRIBUTES = new Set([
  'href', 'xlink:href', 'target', 'download', 'rel', 'hreflang', 'ping', 'referrerpolicy', 'type',
]);

function writeElement(element: XastElement, depth: number, writer: Writer): void {
  let name = element.name;
  if (name === 'a') {
    // JSX would type an SVG <a> as an HTML anchor; a logo does not need its link, only its look.
    name = 'g';
    element.attributes = Object.fromEntries(
      Object.entries(element.attributes).filter(([attribute]) => !LINK_ATTRIBUTES.has(attribute)),
    );
  }
  if (!JSX_SVG_ELEMENTS.has(name)) return;
  const indent = '  '.repeat(depth);
  const attributes = attributesOf(element, writer);
  const open = attributes.length ? `${name} ${attributes.join(' ')}` : name;

  const keepText = TEXT_ELEMENTS.has(name);
  const children = element.children.filter(
    (child) =>
      child.type === 'element' ||
      ((child.type === 'text' || child.type === 'cdata') && (keepText || child.value.trim())),
  );
  if (children.length === 0) {
    writer.lines.push(`${indent}<${open} />`);
    return;
  }
  // Text (CSS, <text> content) goes in as a JS string, so braces and < never need escaping.
  if (children.every((child) => child.type === 'text' || child.type === 'cdata')) {
    const text = children.map((child) => ('value' in child ? child.value : '')).join('');
    writer.lines.push(`${indent}<${open}>{${JSON.stringify(text)}}</${name}>`);
    return;
  }
  writer.lines.push(`${indent}<${open}>`);
  for (const child of children) {
    if (child.type === 'element') writeElement(child, depth + 1, writer);
    else if (child.type === 'text' || child.type === 'cdata') {
      writer.lines.push(`${indent}  {${JSON.stringify(child.value)}}`);
    }
  }
  writer.lines.push(`${indent}</${name}>`);
}

/** The SVG as a TSX module exporting component `name`, with `credit` in its doc comment. */
export function svgToReactComponent(
  svg: string,
  options: { name: string; title: string; credit: string },
): string {
  const svgElement = optimizedSvgElement(svg, [
    'preset-default',
    'removeScripts',
    'removeXlink',
    'convertStyleToAttrs',
  ]);

  const writer: Writer = { lines: [], usesCssProperties: false };
  const attributes = attributesOf(svgElement, writer);
  for (const child of svgElement.children) {
    // The component's own <title> replaces the file's.
    if (child.type === 'element' && child.name !== 'title') writeElement(child, 3, writer);
  }

  const types = writer.usesCssProperties ? 'CSSProperties, SVGProps' : 'SVGProps';
  return [
    `import type { ${types} } from 'react';`,
    '',
    '/**',
    ` * ${commentText(options.title)}`,
    ` * ${commentText(options.credit)}`,
    ' */',
    `export function ${options.name}({`,
    `  title = ${JSON.stringify(options.title)},`,
    '  ...props',
    '}: SVGProps<SVGSVGElement> & { title?: string }) {',
    '  return (',
    `    <svg ${[...attributes, 'role="img"', '{...props}'].join(' ')}>`,
    '      <title>{title}</title>',
    ...writer.lines,
    '    </svg>',
    '  );',
    '}',
    '',
  ].join('\n');
}
