import {
  optimize,
  type CustomPlugin,
  type PluginConfig,
  type XastElement,
  type XastRoot,
} from 'svgo/browser';

/*
 * What the component writers (React, Vue, Svelte, Angular, Astro) share: the optimised SVG as a
 * tree, attribute names in camelCase, and text that is safe inside their doc comments.
 */

/**
 * The <svg> element of SVGO's result, as a tree rather than text: a last plugin keeps the root it
 * is given, so the writers walk the optimised SVG without parsing SVGO's output again.
 */
export function optimizedSvgElement(svg: string, plugins: PluginConfig[]): XastElement {
  let root: XastRoot | null = null;
  const keepRoot: CustomPlugin = {
    name: 'keepRoot',
    fn: (tree) => {
      root = tree;
      return null;
    },
  };
  optimize(svg, { plugins: [...plugins, keepRoot] });
  const found = (root as XastRoot | null)?.children.find(
    (child): child is XastElement => child.type === 'element' && child.name === 'svg',
  );
  if (!found) throw new Error('This file has no <svg> element.');
  return found;
}

/** `stroke-width` → `strokeWidth`, `xlink:href` → `xlinkHref`. */
export function camelCase(name: string): string {
  return name.replace(/[-:]([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * Text for a JS doc comment: nothing from the title or credit may end it, or end the <script>
 * block around it in a single-file component.
 */
export function commentText(text: string): string {
  return text
    .replace(/\*\//g, '* /')
    .replace(/<\//g, '< /')
    .replace(/[\r\n]+/g, ' ');
}
