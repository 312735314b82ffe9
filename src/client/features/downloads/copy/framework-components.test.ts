import { parseDocument } from 'htmlparser2';
import { DomUtils } from 'htmlparser2';
import type { Element } from 'domhandler';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { copiedToast } from './copy-formats.ts';
import { escapeTemplateText, svgToFrameworkComponent } from './framework-components.ts';

/*
 * No Vue, Svelte, Angular or Astro compiler is installed, so each component is checked the way
 * those compilers read it: its script through the TypeScript parser, its template through an HTML
 * parser, and every brace, `@` and backtick left in the template is one the component wrote itself.
 */

const OPTIONS = {
  name: 'AcmeLogo',
  title: 'Acme </script> logo',
  credit: '"Acme logo" by Acme Inc., via Wikimedia Commons, Public domain',
};

// A logo whose text, attributes and styles are full of what the templates would read as code.
const TRICKY_SVG = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100"
  viewBox="0 0 200 100" onload="alert(1)" v-html="steal()" bind-fill="steal()" on-click="steal()" data-name="{{ layer }}">
  <title>Old title</title>
  <script>alert(2)</script>
  <style>.ring { stroke: #0057b8; stroke-width: 6px }</style>
  <defs><path id="star" d="M10 0 L13 7 L20 7 Z"/></defs>
  <circle class="ring" cx="50" cy="50" r="30" fill="none"/>
  <use xlink:href="#star" x="120" y="40" onclick="steal()"/>
  <use xlink:href="https://evil.example/x.svg#a"/>
  <a href="javascript:steal()"><path d="M0 90h200v10H0z" fill="#111"/></a>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">Hi</div></foreignObject>
  <text x="100" y="95" font-size="8">{{ constructor.constructor('x')() }} {title} @if (x) {} \`\${a}\` \\ &amp; &lt;Co&gt;</text>
</svg>`;

const TEXT = "{{ constructor.constructor('x')() }} {title} @if (x) {} `${a}` \\ & <Co>";

/** Syntax errors a TypeScript parser finds in `code` (decorators allowed). */
function syntaxErrors(code: string): string[] {
  const { diagnostics = [] } = ts.transpileModule(code, {
    reportDiagnostics: true,
    compilerOptions: { target: ts.ScriptTarget.ES2022, experimentalDecorators: true },
  });
  return diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

/** The block between an opening and closing tag at the top of a single-file component. */
function block(code: string, open: RegExp, close: string): string {
  const start = open.exec(code);
  expect(start, `${String(open)} in the component`).not.toBeNull();
  const from = start!.index + start![0].length;
  const end = code.indexOf(close, from);
  expect(end).toBeGreaterThan(from);
  return code.slice(from, end);
}

/** The template's root <svg>, parsed as HTML; entities left as written. */
function svgOf(markup: string): Element {
  const document = parseDocument(markup, { xmlMode: true, decodeEntities: false });
  const roots = document.children.filter((node): node is Element => node.type === 'tag');
  expect(roots.map((root) => root.name)).toEqual(['svg']);
  return roots[0]!;
}

/** Text and attribute values, with the character references decoded as the frameworks decode them. */
function decoded(markup: string): string {
  return DomUtils.textContent(parseDocument(markup, { xmlMode: true, decodeEntities: true }));
}

/** Checks the markup every framework shares: the file's look kept, nothing that runs or loads. */
function expectSafeSvg(markup: string) {
  const svg = svgOf(markup);
  expect(svg.attribs).toMatchObject({ viewBox: '0 0 200 100', role: 'img' });
  const names = DomUtils.getElementsByTagName(() => true, svg, true).map((el) => el.name);
  expect(names).toContain('circle');
  expect(names.filter((name) => name === 'use')).toHaveLength(1);
  for (const absent of ['script', 'style', 'foreignObject', 'a', 'div']) {
    expect(names, absent).not.toContain(absent);
  }
  for (const absent of ['alert', 'steal', 'evil.example', 'Old title', 'xlink', 'javascript']) {
    expect(markup, absent).not.toContain(absent);
  }
  // The <style> rule is now the circle's own paint.
  const circle = DomUtils.findOne((el) => el.name === 'circle', [svg])!;
  expect(circle.attribs).toMatchObject({ stroke: '#0057b8', 'stroke-width': '6px' });
  expect(decoded(markup)).toContain(TEXT);
}

describe('svgToFrameworkComponent', () => {
  it('writes a Vue single-file component: script setup with the credit, a <template> with one <svg>', () => {
    const code = svgToFrameworkComponent(TRICKY_SVG, 'vue', OPTIONS);
    const script = block(code, /^<script setup lang="ts">\n/, '</script>');
    expect(syntaxErrors(script)).toEqual([]);
    expect(script).toContain(' * Acme < /script> logo\n');
    expect(script).toContain(` * ${OPTIONS.credit}\n`);
    expect(script).toContain(
      'const { title = "Acme \\u003c/script> logo" } = defineProps<{ title?: string }>();',
    );
    const template = block(code, /\n<template>\n/, '\n</template>');
    expectSafeSvg(template);
    // The only interpolation is the title's; the file's {{ … }} is text.
    expect(template.match(/\{\{/g)).toHaveLength(1);
    expect(template).toContain('<title>{{ title }}</title>');
    expect(code.trimEnd().endsWith('</template>')).toBe(true);
  });

  it('writes a Svelte 5 component: typed $props spread onto the <svg>, no stray braces', () => {
    const code = svgToFrameworkComponent(TRICKY_SVG, 'svelte', OPTIONS);
    const script = block(code, /^<script lang="ts">\n/, '</script>');
    expect(syntaxErrors(script)).toEqual([]);
    expect(script).toContain(` * ${OPTIONS.credit}\n`);
    expect(script).toContain("import type { SVGAttributes } from 'svelte/elements';");
    expect(script).toMatch(/let \{ title = "Acme \\u003c\/script> logo", \.\.\.props \}/);
    const markup = code.slice(code.indexOf('</script>') + '</script>'.length);
    expectSafeSvg(markup);
    expect(markup.match(/[{}]/g)?.join('')).toBe('{}{}');
    expect(markup).toMatch(/<svg [^>]*role="img" \{\.\.\.props\}>/);
    expect(markup).toContain('<title>{title}</title>');
  });

  it('writes an Astro component: typed Props in the frontmatter, props spread onto the <svg>', () => {
    const code = svgToFrameworkComponent(TRICKY_SVG, 'astro', OPTIONS);
    const frontmatter = block(code, /^---\n/, '\n---\n');
    expect(syntaxErrors(frontmatter)).toEqual([]);
    expect(frontmatter).toContain(` * ${OPTIONS.credit}\n`);
    expect(frontmatter).toContain("type Props = HTMLAttributes<'svg'> & { title?: string };");
    expect(frontmatter).toContain(
      'const { title = "Acme \\u003c/script> logo", ...props } = Astro.props;',
    );
    const markup = code.slice(code.indexOf('\n---\n', 4) + 5);
    expectSafeSvg(markup);
    expect(markup.match(/[{}]/g)?.join('')).toBe('{}{}');
    expect(markup).toMatch(/<svg [^>]*role="img" \{\.\.\.props\}>/);
    expect(markup).toContain('<title>{title}</title>');
  });

  it('writes an Angular standalone component: the SVG in its template, the size bound as attributes', () => {
    const code = svgToFrameworkComponent(TRICKY_SVG, 'angular', OPTIONS);
    expect(syntaxErrors(code)).toEqual([]);
    expect(code).toMatch(/^import \{ Component, Input \} from '@angular\/core';\n/);
    expect(code).toContain(` * ${OPTIONS.credit}\n */\n@Component({`);
    expect(code).toContain("selector: 'app-acme-logo',");
    expect(code).toContain('standalone: true,');
    expect(code).toContain('export class AcmeLogoComponent {');
    expect(code).toContain('@Input() title = "Acme \\u003c/script> logo";');
    expect(code).toContain('@Input() width: string | number = "200";');

    // The template as TypeScript reads it: one template literal, with nothing substituted into it.
    const source = ts.createSourceFile('acme.component.ts', code, ts.ScriptTarget.ES2022, true);
    const templates: string[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isPropertyAssignment(node) && node.name.getText() === 'template') {
        expect(ts.isNoSubstitutionTemplateLiteral(node.initializer)).toBe(true);
        templates.push((node.initializer as ts.NoSubstitutionTemplateLiteral).text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    expect(templates).toHaveLength(1);
    const template = templates[0]!;
    expectSafeSvg(template);
    // Angular reads {{ }}, lone braces (ICU) and @ (control flow): only the title's are left.
    expect(template.match(/[{}@]/g)?.join('')).toBe('{{}}');
    expect(template).toContain('<title>{{ title }}</title>');
    const svg = svgOf(template);
    expect(svg.attribs).toMatchObject({ '[attr.width]': 'width', '[attr.height]': 'height' });
    expect(svg.attribs).not.toHaveProperty('width');
  });

  it('escapes every character a template reads as code, and nothing else', () => {
    expect(escapeTemplateText('a{b}c@d`e$f\\g&<>"')).toBe(
      'a&#123;b&#125;c&#64;d&#96;e&#36;f&#92;g&amp;&lt;&gt;&quot;',
    );
    expect(escapeTemplateText('M0 0h10v10H0z')).toBe('M0 0h10v10H0z');
  });

  it('keeps a plain logo plain', () => {
    const code = svgToFrameworkComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="#181717"><title>GitHub</title><path d="M12 .3a12 12 0 0 0-3.8 23.4"/></svg>',
      'vue',
      { name: 'GitHubLogo', title: 'GitHub', credit: '"GitHub", via Simple Icons, CC0-1.0' },
    );
    expect(block(code, /\n<template>\n/, '\n</template>')).toBe(
      [
        '  <svg xmlns="http://www.w3.org/2000/svg" fill="#181717" viewBox="0 0 24 24" role="img">',
        '    <title>{{ title }}</title>',
        '    <path d="M12 .3a12 12 0 0 0-3.8 23.4" />',
        '  </svg>',
      ].join('\n'),
    );
  });

  it('names the file to save in its toast', () => {
    const logo = { title: 'GitHub' };
    expect(copiedToast({ kind: 'code', format: 'vue' }, logo)).toEqual({
      title: 'Vue Component Copied',
      description: 'Save it as GitHubLogo.vue: it is the <GitHubLogo /> component.',
    });
    expect(copiedToast({ kind: 'code', format: 'angular' }, logo).description).toBe(
      'Save it as git-hub-logo.component.ts: it is the <app-git-hub-logo /> component.',
    );
  });
});
