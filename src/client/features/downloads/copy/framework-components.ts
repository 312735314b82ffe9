import type { XastElement } from 'svgo/browser';
import { sanitizeCss } from '../sheet/svg-sanitize.ts';
import { KEYWORD_ATTRIBUTES, REACT_SVG_ATTRIBUTES, SVG_ELEMENTS } from '../svg-allowlist.ts';
import { kebab, type ComponentFramework } from './copy-formats.ts';
import { camelCase, commentText, optimizedSvgElement } from './component-writing.ts';

/*
 * An SVG logo as a Vue, Svelte, Angular or Astro component, beside the React one
 * (react-component.ts): optimised by SVGO, its <style> rules inlined (Vue and Angular drop a
 * <style> inside a template, Svelte and Astro would scope it), then written as template markup.
 * Only known SVG elements and attributes are kept, so nothing a framework reads as a directive or
 * binding (`v-html`, `bind-x`, `on:click`, `on-x`) can come from a file; and every character a
 * template syntax reads (`{`, `}`, `@`, and the backtick, `$` and `\` of Angular's template string)
 * is written as a character reference, which each framework's parser turns back into the character.
 */

type ComponentOptions = { name: string; title: string; credit: string };

/** Elements whose text content matters; elsewhere whitespace between tags is layout only. */
const TEXT_ELEMENTS = new Set(['text', 'tspan', 'textPath', 'title', 'desc']);
const ANIMATION_ELEMENTS = new Set(['animate', 'animateMotion', 'animateTransform', 'set']);
/** Dropped whole: the component writes its own <title>; styles are inlined first. */
const LEFT_OUT = new Set(['title', 'style', 'hatch', 'hatchpath']);
const LOCAL_REF = /^#[^\s"'()#]+$/;
const SAFE_DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]*$/i;
const DANGEROUS_VALUE = /javascript:|vbscript:|data:text\/html/i;

/** What makes an <a> a link; the rest (fill, transform) still paints its children. */
// prettier-ignore
const LINK_ATTRIBUTES = new Set([
  'href', 'target', 'download', 'rel', 'hreflang', 'ping', 'referrerpolicy', 'type',
]);

/** Markup-safe in all four template syntaxes: entities for what they would read as code. */
const REFERENCES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '{': '&#123;',
  '}': '&#125;',
  '@': '&#64;',
  '`': '&#96;',
  $: '&#36;',
  '\\': '&#92;',
};

export function escapeTemplateText(text: string): string {
  return text.replace(/[&<>"{}@`$\\]/g, (c) => REFERENCES[c]!);
}

/** Whether an attribute is a plain SVG one: known to React's SVG types (in XML spelling), or data-. */
function isSvgAttribute(name: string): boolean {
  if (['class', 'style', 'xmlns', 'xml:space', 'xml:lang'].includes(name)) return true;
  if (/^data-[a-z0-9-]+$/.test(name)) return true;
  if (!/^[a-zA-Z][a-zA-Z0-9-]*$/.test(name) || /^on/i.test(name)) return false;
  const camel = camelCase(name);
  return REACT_SVG_ATTRIBUTES.has(camel) || Object.hasOwn(KEYWORD_ATTRIBUTES, camel);
}

/** The attributes kept, with their values made safe; null drops the element (a link-less <use>). */
function keptAttributes(element: XastElement): [string, string][] {
  const kept: [string, string][] = [];
  for (const [name, value] of Object.entries(element.attributes)) {
    if (!isSvgAttribute(name) || DANGEROUS_VALUE.test(value.replace(/\s+/g, ''))) continue;
    if (name === 'href') {
      const target = value.trim();
      if (LOCAL_REF.test(target) || (element.name === 'image' && SAFE_DATA_IMAGE.test(target))) {
        kept.push([name, target]);
      }
      continue;
    }
    if (name === 'style' || /url\(/i.test(value)) {
      const css = sanitizeCss(value, name === 'style' ? 'declarationList' : 'value');
      if (css !== null && css.trim()) kept.push([name, css.trim()]);
      continue;
    }
    const keywords = KEYWORD_ATTRIBUTES[camelCase(name)];
    if (keywords && !keywords.has(value.trim())) continue;
    kept.push([name, value]);
  }
  return kept;
}

function attributeText(attributes: [string, string][]): string[] {
  return attributes.map(([name, value]) => `${name}="${escapeTemplateText(value)}"`);
}

function writeElement(element: XastElement, depth: number, lines: string[]): void {
  let name = element.name;
  if (name === 'a') {
    // A logo does not need its links, only its look.
    name = 'g';
    element.attributes = Object.fromEntries(
      Object.entries(element.attributes).filter(([attribute]) => !LINK_ATTRIBUTES.has(attribute)),
    );
  }
  if (!SVG_ELEMENTS.has(name) || LEFT_OUT.has(name)) return;
  if (ANIMATION_ELEMENTS.has(name)) {
    const target = (element.attributes.attributeName ?? '').trim().toLowerCase();
    if (target.startsWith('on') || target.endsWith('href')) return;
  }
  const attributes = keptAttributes({ ...element, name });
  if ((name === 'use' || name === 'image') && !attributes.some(([a]) => a === 'href')) return;

  const indent = '  '.repeat(depth);
  const open = [name, ...attributeText(attributes)].join(' ');
  const keepText = TEXT_ELEMENTS.has(name);
  const children = element.children.filter(
    (child) =>
      child.type === 'element' ||
      ((child.type === 'text' || child.type === 'cdata') && (keepText || child.value.trim())),
  );
  if (children.length === 0) {
    lines.push(`${indent}<${open} />`);
    return;
  }
  if (children.every((child) => child.type === 'text' || child.type === 'cdata')) {
    const text = children.map((child) => ('value' in child ? child.value : '')).join('');
    lines.push(`${indent}<${open}>${escapeTemplateText(text)}</${name}>`);
    return;
  }
  lines.push(`${indent}<${open}>`);
  for (const child of children) {
    if (child.type === 'element') writeElement(child, depth + 1, lines);
    else if (child.type === 'text' || child.type === 'cdata') {
      lines.push(`${indent}  ${escapeTemplateText(child.value)}`);
    }
  }
  lines.push(`${indent}</${name}>`);
}

/** The optimised SVG's <svg> element, its styles inlined. */
function optimizedSvg(svg: string): XastElement {
  return optimizedSvgElement(svg, [
    { name: 'preset-default', params: { overrides: { inlineStyles: false } } },
    // Every rule a selector can place, not only those matching one element.
    { name: 'inlineStyles', params: { onlyMatchedOnce: false } },
    'removeStyleElement',
    'removeScripts',
    'removeXlink',
    'convertStyleToAttrs',
  ]);
}

/** A JS string literal that cannot end a <script> block or an Astro frontmatter. */
function jsString(text: string): string {
  return JSON.stringify(text).replace(/</g, '\\u003c');
}

function docComment(options: ComponentOptions, indent = ''): string[] {
  return [
    `${indent}/**`,
    `${indent} * ${commentText(options.title)}`,
    `${indent} * ${commentText(options.credit)}`,
    `${indent} */`,
  ];
}

/** The <svg> markup lines at `depth`, with `extra` attributes after the file's own and a title line. */
function svgLines(svg: XastElement, depth: number, extra: string[], titleLine: string): string[] {
  const indent = '  '.repeat(depth);
  const lines: string[] = [];
  for (const child of svg.children) {
    if (child.type === 'element') writeElement(child, depth + 1, lines);
  }
  const attributes = attributeText(keptAttributes(svg));
  return [
    `${indent}<svg ${[...attributes, 'role="img"', ...extra].join(' ')}>`,
    `${indent}  <title>${titleLine}</title>`,
    ...lines,
    `${indent}</svg>`,
  ];
}

/** The SVG as a single-file component for `framework`, named `name`, with `credit` in its doc comment. */
export function svgToFrameworkComponent(
  svgText: string,
  framework: ComponentFramework,
  options: ComponentOptions,
): string {
  const svg = optimizedSvg(svgText);
  const title = jsString(options.title);
  switch (framework) {
    case 'vue':
      // A single root element: Vue passes the attributes a parent sets (class, width) on to it.
      return [
        '<script setup lang="ts">',
        ...docComment(options),
        `const { title = ${title} } = defineProps<{ title?: string }>();`,
        '</script>',
        '',
        '<template>',
        ...svgLines(svg, 1, [], '{{ title }}'),
        '</template>',
        '',
      ].join('\n');
    case 'svelte':
      return [
        '<script lang="ts">',
        ...docComment(options, '  '),
        "  import type { SVGAttributes } from 'svelte/elements';",
        '',
        `  let { title = ${title}, ...props }: SVGAttributes<SVGSVGElement> & { title?: string } =`,
        '    $props();',
        '</script>',
        '',
        ...svgLines(svg, 0, ['{...props}'], '{title}'),
        '',
      ].join('\n');
    case 'astro':
      return [
        '---',
        ...docComment(options),
        "import type { HTMLAttributes } from 'astro/types';",
        '',
        "type Props = HTMLAttributes<'svg'> & { title?: string };",
        `const { title = ${title}, ...props } = Astro.props;`,
        '---',
        '',
        ...svgLines(svg, 0, ['{...props}'], '{title}'),
        '',
      ].join('\n');
    case 'angular': {
      // SVG elements have attributes, not properties: a bound size is [attr.width], and a file's
      // own width and height become the inputs' defaults rather than fixed attributes.
      const sized = ['width', 'height'].filter((name) => svg.attributes[name] !== undefined);
      const inputs = sized.map((name) => [name, svg.attributes[name]!] as const);
      for (const name of sized) delete svg.attributes[name];
      const bindings = sized.map((name) => `[attr.${name}]="${name}"`);
      return [
        "import { Component, Input } from '@angular/core';",
        '',
        ...docComment(options),
        '@Component({',
        `  selector: 'app-${kebab(options.name)}',`,
        '  standalone: true,',
        '  template: `',
        ...svgLines(svg, 2, bindings, '{{ title }}'),
        '  `,',
        '})',
        `export class ${options.name}Component {`,
        `  @Input() title = ${title};`,
        ...inputs.map(
          ([name, value]) => `  @Input() ${name}: string | number = ${jsString(value)};`,
        ),
        '}',
        '',
      ].join('\n');
    }
  }
}
