import {
  Atom,
  Code,
  FileCode,
  FileText,
  Hash,
  Image,
  Link,
  Type,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import type { AttributionFormat } from '../attribution.ts';

/*
 * What the copy menu offers: for an SVG the code formats, which need the SVG source from the
 * Premium copy-svg endpoint; for a raster logo (PNG, JPG, WebP, GIF) the picture itself or its data
 * URI, Premium too; the credit line is for everyone. Light on purpose: the generators (and SVGO) load
 * only when someone copies (`svg-code.ts`); the icons are the menu's, already in the page.
 */

export type SvgCodeFormat =
  'svg' | 'svg-optimized' | 'data-uri' | 'react' | ComponentFramework | 'img' | 'markdown';

/** The component formats beside React's, written by `framework-components.ts`. */
const COMPONENT_FRAMEWORKS = ['vue', 'svelte', 'angular', 'astro'] as const;
export type ComponentFramework = (typeof COMPONENT_FRAMEWORKS)[number];

export function isComponentFramework(format: SvgCodeFormat): format is ComponentFramework {
  return COMPONENT_FRAMEWORKS.some((framework) => framework === format);
}

export type RasterCopyFormat = 'image' | 'data-uri';

export type CopyFormat =
  | { kind: 'code'; format: SvgCodeFormat }
  | { kind: 'raster'; format: RasterCopyFormat }
  | { kind: 'attribution'; format: AttributionFormat };

type Format<Id> = { id: Id; label: string; icon: LucideIcon };

export const SVG_CODE_FORMATS: readonly (Format<SvgCodeFormat> & { hint: string })[] = [
  { id: 'svg', label: 'SVG', hint: 'As published', icon: FileCode },
  { id: 'svg-optimized', label: 'Optimised SVG', hint: 'Smaller, with SVGO', icon: Zap },
  { id: 'data-uri', label: 'Data URI', hint: 'For CSS or an img src', icon: Link },
  { id: 'react', label: 'React component', hint: 'TSX', icon: Atom },
  { id: 'img', label: 'HTML <img> tag', hint: 'With the credit line', icon: Image },
  { id: 'markdown', label: 'Markdown image', hint: 'With the credit line', icon: Hash },
];

/**
 * The component formats, React's first, as one short row in the menu: the visible word is the
 * framework, the item's name says 'component'.
 */
export const COMPONENT_FORMATS: readonly {
  id: 'react' | ComponentFramework;
  label: string;
  name: string;
  hint: string;
  file: (name: string) => string;
}[] = [
  { id: 'react', label: 'React', name: 'React component', hint: 'TSX', file: (n) => `${n}.tsx` },
  {
    id: 'vue',
    label: 'Vue',
    name: 'Vue component',
    hint: 'Single-file component',
    file: (n) => `${n}.vue`,
  },
  {
    id: 'svelte',
    label: 'Svelte',
    name: 'Svelte component',
    hint: 'Svelte 5 component',
    file: (n) => `${n}.svelte`,
  },
  {
    id: 'angular',
    label: 'Angular',
    name: 'Angular component',
    hint: 'Standalone component',
    file: (n) => `${kebab(n)}.component.ts`,
  },
  {
    id: 'astro',
    label: 'Astro',
    name: 'Astro component',
    hint: 'Astro component',
    file: (n) => `${n}.astro`,
  },
];

/** 'GitHubLogo' → 'git-hub-logo' (Angular's file and selector names). */
export function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

export const RASTER_COPY_FORMATS: readonly (Format<RasterCopyFormat> & { hint: string })[] = [
  { id: 'image', label: 'Image', hint: 'PNG, for documents and slides', icon: Image },
  { id: 'data-uri', label: 'Data URI', hint: 'For CSS or an img src', icon: Link },
];

/** Whether a logo has SVG source to copy: only when its address says .svg (as for Copy SVG). */
export function isSvgFile(logo: { url: string }): boolean {
  return logo.url.toLowerCase().includes('.svg');
}

export const ATTRIBUTION_COPY_FORMATS: readonly Format<AttributionFormat>[] = [
  { id: 'text', label: 'Plain text', icon: Type },
  { id: 'html', label: 'HTML', icon: Code },
  { id: 'markdown', label: 'Markdown', icon: FileText },
];

type Toast = { title: string; description: string };

const CODE_COPIED: Record<Exclude<SvgCodeFormat, 'react' | ComponentFramework>, Toast> = {
  svg: {
    title: 'SVG Copied',
    description: 'The SVG code has been copied to your clipboard for use in vector programs.',
  },
  'svg-optimized': {
    title: 'Optimised SVG Copied',
    description: 'The SVG code, made smaller with SVGO, has been copied to your clipboard.',
  },
  'data-uri': {
    title: 'Data URI Copied',
    description: 'Use it in a CSS url() or as the src of an image.',
  },
  img: {
    title: 'HTML Copied',
    description: 'An <img> tag with the credit line, ready for a web page.',
  },
  markdown: {
    title: 'Markdown Copied',
    description: 'The image with its credit line, ready for a README or document.',
  },
};

const RASTER_COPIED: Record<RasterCopyFormat, Toast> = {
  image: {
    title: 'Image Copied',
    description: 'The logo has been copied to your clipboard as a PNG image.',
  },
  'data-uri': CODE_COPIED['data-uri'],
};

const ATTRIBUTION_COPIED: Record<AttributionFormat, string> = {
  text: 'Paste the credit line next to the logo wherever you use it.',
  html: 'Paste the credit line, with its links, into a web page next to the logo.',
  markdown: 'Paste the credit line, with its links, into a README or document next to the logo.',
};

export function copiedToast(copy: CopyFormat, logo: { title: string }): Toast {
  if (copy.kind === 'attribution') {
    return { title: 'Attribution copied', description: ATTRIBUTION_COPIED[copy.format] };
  }
  if (copy.kind === 'raster') return RASTER_COPIED[copy.format];
  if (copy.format === 'react') {
    return {
      title: 'React Component Copied',
      description: `Paste it into a .tsx file: it exports <${componentName(logo.title)} />.`,
    };
  }
  if (!isComponentFramework(copy.format)) return CODE_COPIED[copy.format];
  const component = COMPONENT_FORMATS.find((format) => format.id === copy.format)!;
  const name = componentName(logo.title);
  const tag = component.id === 'angular' ? `app-${kebab(name)}` : name;
  return {
    title: `${component.label} Component Copied`,
    description: `Save it as ${component.file(name)}: it is the <${tag} /> component.`,
  };
}

/**
 * A React component name from a title: PascalCase ASCII words plus 'Logo' unless the title says it
 * ('Société Générale' → SocieteGeneraleLogo), never starting with a digit or a lowercase letter.
 */
export function componentName(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  let name = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
  if (!words.some((word) => word.toLowerCase() === 'logo')) name += 'Logo';
  if (/^[0-9]/.test(name)) name = `Logo${name}`;
  // Long titles ('Logo of the … (1998–2004)') make unwieldy names; 64 characters is plenty.
  return name.slice(0, 64);
}
