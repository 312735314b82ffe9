import { optimize, type CustomPlugin, type PluginConfig, type XastRoot } from 'svgo/browser';

/*
 * What the component writers (React, Vue, Svelte, Angular, Astro) share: the optimised SVG as a
 * tree, attribute names in camelCase, and text that is safe inside their doc comments.
 */

/**
 * SVGO's result as a tree rather than text: a last plugin keeps the root it is given, so the
 * component writers (React, Vue, Svelte, Angular, Astro) walk the optimised SVG without parsing
 * SVGO's output again.
 */
export function svgoTree(svg: string, plugins: PluginConfig[]): XastRoot {
  let root: XastRoot | null = null;
  const keepRoot: CustomPlugin = {
    name: 'keepRoot',
    fn: (tree) => {
      root = tree;
      return null;
    },
  };
  optimize(svg, { plugins: [...plugins, keepRoot] });
  if (root === null) throw new Error('SVGO did not parse the SVG.');
  return root;
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
