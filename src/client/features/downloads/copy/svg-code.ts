import { optimize } from 'svgo/browser';
import {
  escapeHtml,
  formatAttribution,
  isAbsoluteUrl,
  markdownText,
  markdownUrl,
  type AttributionFields,
} from '../attribution.ts';
import { svgIntrinsicSize } from '../svg-size.ts';
import type { Logo } from '#shared/search/search.schemas.ts';
import { componentName, type SvgCodeFormat } from './copy-formats.ts';
import { svgToFrameworkComponent } from './framework-components.ts';
import { svgToReactComponent } from './react-component.ts';

/* The copy menu's code formats, made from the copy-svg endpoint's SVG; loaded on the first copy (SVGO). */

export type CopyableLogo = AttributionFields & Pick<Logo, 'width' | 'height'>;

/** SVGO's default preset, one pass: what svgo's CLI and SVGOMG do unless told otherwise. */
export function optimizeSvg(svg: string): string {
  return optimize(svg, { plugins: ['preset-default'] }).data;
}

/**
 * The SVG as a percent-encoded `data:image/svg+xml,` URI (smaller than base64), quotes and
 * parentheses too, so it works in a quoted HTML attribute, a JS string and an unquoted CSS `url(…)`.
 */
export function svgDataUri(svg: string): string {
  const encoded = encodeURIComponent(svg.trim())
    .replace(/['()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    // Decoded back for readability: all harmless in a data URI and in every context above.
    .replace(/%(?:3D|3A|2F|2C|3B)/g, decodeURIComponent);
  return `data:image/svg+xml,${encoded}`;
}

const ROOT_TAG = /<svg\b((?:[^>"']|"[^"]*"|'[^']*')*)>/i;
const ATTRIBUTE = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The SVG's own size in px, as a browser shows the file on its own; null when unknown. */
export function svgSize(svg: string): { width: number; height: number } | null {
  const tag = ROOT_TAG.exec(svg);
  if (!tag) return null;
  const attributes: Record<string, string> = {};
  for (const [, name, double, single] of tag[1]!.matchAll(ATTRIBUTE)) {
    attributes[name!] = double ?? single ?? '';
  }
  const size = svgIntrinsicSize(attributes);
  return size && size.width > 0 && size.height > 0
    ? { width: Math.round(size.width), height: Math.round(size.height) }
    : null;
}

/**
 * Where a pasted image loads from: the file on Commons, which allows linking to it; a bundled icon
 * (a relative /api/icons/… address, meaningless elsewhere) is embedded as a data URI.
 */
function imageSource(logo: CopyableLogo, svg: string): string {
  return isAbsoluteUrl(logo.url) ? logo.url : svgDataUri(optimizeSvg(svg));
}

function imageSize(logo: CopyableLogo, svg: string) {
  if (logo.width && logo.height && logo.width > 0 && logo.height > 0) {
    return { width: Math.round(logo.width), height: Math.round(logo.height) };
  }
  return svgSize(svg);
}

/** A `<figure>` with the `<img>` (alt text, width and height) and the credit line as its caption. */
export function imageHtml(logo: CopyableLogo, svg: string): string {
  const size = imageSize(logo, svg);
  const alt = logo.title.trim() || 'Logo';
  const attributes = [
    `src="${escapeHtml(imageSource(logo, svg))}"`,
    `alt="${escapeHtml(alt)}"`,
    ...(size ? [`width="${size.width}"`, `height="${size.height}"`] : []),
  ];
  return [
    '<figure>',
    `  <img ${attributes.join(' ')}>`,
    `  <figcaption>${formatAttribution(logo, 'html')}</figcaption>`,
    '</figure>',
  ].join('\n');
}

/** A Markdown image (the title as alt text) with the credit line, linked, under it. */
export function imageMarkdown(logo: CopyableLogo, svg: string): string {
  const alt = markdownText(logo.title.trim() || 'Logo');
  return `![${alt}](${markdownUrl(imageSource(logo, svg))})\n\n${formatAttribution(logo, 'markdown')}`;
}

export function svgCopyText(format: SvgCodeFormat, svg: string, logo: CopyableLogo): string {
  switch (format) {
    case 'svg':
      return svg;
    case 'svg-optimized':
      return optimizeSvg(svg);
    case 'data-uri':
      return svgDataUri(optimizeSvg(svg));
    case 'react':
      return svgToReactComponent(svg, {
        name: componentName(logo.title),
        title: logo.title.trim() || 'Logo',
        credit: formatAttribution(logo, 'text'),
      });
    case 'vue':
    case 'svelte':
    case 'angular':
    case 'astro':
      return svgToFrameworkComponent(svg, format, {
        name: componentName(logo.title),
        title: logo.title.trim() || 'Logo',
        credit: formatAttribution(logo, 'text'),
      });
    case 'img':
      return imageHtml(logo, svg);
    case 'markdown':
      return imageMarkdown(logo, svg);
  }
}
