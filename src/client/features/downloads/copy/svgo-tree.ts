import { optimize, type CustomPlugin, type PluginConfig, type XastRoot } from 'svgo/browser';

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
