import * as React from 'react';
import { createElement, type ComponentType } from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { KEYWORD_ATTRIBUTES, REACT_SVG_ATTRIBUTES } from '../svg-allowlist.ts';
import { svgToReactComponent } from './react-component.ts';

/*
 * The generated component must compile as a user's project would compile it (strict TypeScript,
 * jsx: react-jsx, @types/react) and render the logo. Both are checked for real: the TypeScript
 * compiler type-checks the text, and react-dom/server renders the transpiled module.
 */

// Inside the project, so `import … from 'react'` resolves to this project's @types/react.
const VIRTUAL_FILE = `${process.cwd()}/src/__generated__/Logo.tsx`;

const COMPILER_OPTIONS: ts.CompilerOptions = {
  jsx: ts.JsxEmit.ReactJSX,
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  skipLibCheck: true,
  types: [],
};

/** Type-checks one TSX module; returns its diagnostics as readable lines. */
function typeCheck(code: string): string[] {
  const host = ts.createCompilerHost(COMPILER_OPTIONS);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (fileName, languageVersion, ...rest) =>
    fileName === VIRTUAL_FILE
      ? ts.createSourceFile(fileName, code, languageVersion, true, ts.ScriptKind.TSX)
      : getSourceFile.call(host, fileName, languageVersion, ...rest);
  host.fileExists = (fileName) => fileName === VIRTUAL_FILE || fileExists.call(host, fileName);
  host.readFile = (fileName) => (fileName === VIRTUAL_FILE ? code : readFile.call(host, fileName));
  const program = ts.createProgram([VIRTUAL_FILE], COMPILER_OPTIONS, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (!diagnostic.file || diagnostic.start === undefined) return message;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${diagnostic.file.fileName.split('/').pop()}:${line + 1}: ${message}`;
  });
}

/** What the transpiled module may import: the generated code needs React's JSX runtime only. */
const MODULES: Record<string, unknown> = { react: React, 'react/jsx-runtime': jsxRuntime };
const requireModule = (name: string) => {
  if (!(name in MODULES)) throw new Error(`The generated component imports ${name}.`);
  return MODULES[name];
};

/** Transpiles the module and returns its exports, as a bundler would run it. */
function load(code: string): Record<string, unknown> {
  const { outputText } = ts.transpileModule(code, {
    compilerOptions: {
      jsx: ts.JsxEmit.ReactJSX,
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
    },
  });
  const module = { exports: {} as Record<string, unknown> };
  new Function('require', 'module', 'exports', outputText)(requireModule, module, module.exports);
  return module.exports;
}

function render(code: string, name: string, props: Record<string, unknown> = {}): string {
  const Component = load(code)[name] as ComponentType<Record<string, unknown>>;
  expect(typeof Component).toBe('function');
  return renderToStaticMarkup(createElement(Component, props));
}

const OPTIONS = {
  name: 'AcmeLogo',
  title: 'Acme logo',
  credit: '"Acme logo" by Acme Inc., via Wikimedia Commons, Public domain',
};

// What Inkscape and Illustrator leave in Commons files, plus things that must never reach an app.
const EDITOR_SVG = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
  xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
  xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
  width="200" height="100" viewBox="0 0 200 100" version="1.1" sodipodi:docname="acme.svg"
  onload="alert(1)" aria-label="Old label" tabindex="0" data-name="Layer 1">
  <title>Old title</title>
  <sodipodi:namedview pagecolor="#ffffff" inkscape:zoom="2"/>
  <metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>
  <script>alert(2)</script>
  <style>.ring { stroke: #0057b8; stroke-width: 6px } .ring:hover { stroke: red }</style>
  <defs>
    <linearGradient id="sky"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#0057b8"/></linearGradient>
    <path id="star" d="M10 0 L13 7 L20 7 L14 12 L16 20 L10 15 L4 20 L6 12 L0 7 L7 7 Z"/>
  </defs>
  <g inkscape:label="Layer 1" inkscape:groupmode="layer" style="fill:#ffcc00;fill-rule:evenodd;-inkscape-font-specification:'Sans Bold';mix-blend-mode:multiply;--brand:#0057b8">
    <rect x="0" y="0" width="200" height="100" fill="url(#sky)" stroke-linejoin="round" stroke-linecap="squiggly"/>
    <circle class="ring" cx="50" cy="50" r="30" fill="none"/>
    <circle class="ring" cx="50" cy="50" r="20" fill="none"/>
    <use xlink:href="#star" x="120" y="40" onclick="steal()"/>
    <use xlink:href="#star" x="160" y="40"/>
    <a href="https://example.com" target="_blank"><path d="M0 90h200v10H0z" fill="#111"/></a>
    <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">Hi</div></foreignObject>
    <text x="100" y="95" font-family="Arial" font-size="8" text-anchor="middle" xml:space="preserve">{Acme} &amp; &lt;Co&gt; "quoted"</text>
  </g>
</svg>`;

describe('svgToReactComponent', () => {
  const code = svgToReactComponent(EDITOR_SVG, OPTIONS);

  it('type-checks as strict TSX against @types/react', () => {
    expect(typeCheck(code)).toEqual([]);
  });

  it('is a named component with the credit in its doc comment and the props spread last', () => {
    expect(code).toMatch(/^import type \{ .*SVGProps \} from 'react';/);
    expect(code).toContain('export function AcmeLogo({');
    expect(code).toContain(' * "Acme logo" by Acme Inc., via Wikimedia Commons, Public domain');
    expect(code).toContain('title = "Acme logo",');
    expect(code).toMatch(/<svg [^\n]*role="img" \{\.\.\.props\}>/);
    expect(code).toContain('<title>{title}</title>');
  });

  it('converts attributes to JSX: className, camelCase, style objects, href', () => {
    expect(code).toContain('className="ring"');
    expect(code).toMatch(/strokeLinejoin="round"/);
    expect(code).toContain('fillRule="evenodd"');
    expect(code).toContain('stopColor=');
    expect(code).toContain('textAnchor="middle"');
    expect(code).toContain('xmlSpace="preserve"');
    expect(code).toMatch(/href="#[\w-]+"/);
    expect(code).not.toContain('xlink');
    expect(code).toContain('data-name="Layer 1"');
    expect(code).toMatch(/style=\{\{ [^}]*mixBlendMode: "multiply"[^}]*\} as CSSProperties\}/);
    expect(code).toContain('"--brand": "#0057b8"');
  });

  it('leaves out scripts, event handlers, editor data, foreign content and invalid keywords', () => {
    for (const absent of [
      'alert',
      'steal',
      'onLoad',
      'onClick',
      'sodipodi',
      'inkscape',
      'metadata',
      'foreignObject',
      'Old title',
      'Old label',
      'target',
      'tabIndex',
      'example.com',
      'squiggly',
      '<a ',
    ]) {
      expect(code, absent).not.toContain(absent);
    }
  });

  it('renders the logo with React: SVG attribute names, the title, the text and the props', () => {
    const html = render(code, 'AcmeLogo', { className: 'brand', width: 64, 'aria-hidden': true });
    expect(html).toMatch(/^<svg [^>]*viewBox="0 0 200 100"/);
    expect(html).toContain('class="brand"');
    expect(html).toContain('width="64"');
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-hidden="true"');
    expect(html).toContain('<title>Acme logo</title>');
    expect(html).toContain('fill-rule="evenodd"');
    expect(html).toContain('stroke-linejoin="round"');
    expect(html).toContain('stop-color=');
    expect(html).toContain('xml:space="preserve"');
    expect(html).toContain('{Acme} &amp; &lt;Co&gt; &quot;quoted&quot;');
    expect(html).toMatch(/<use x="120" y="40" href="#[\w-]+">/);
    expect(html).toMatch(/<circle [^>]*r="20" [^>]*class="ring"/);
    expect(html).toContain('.ring{stroke:#0057b8;stroke-width:6px}');
    expect(html).toContain('mix-blend-mode:multiply');
    expect(html).not.toContain('script');
  });

  it('lets the title prop rename the logo', () => {
    const html = render(code, 'AcmeLogo', { title: 'Acme, Inc.' });
    expect(html).toContain('<title>Acme, Inc.</title>');
  });

  it('keeps a plain logo plain: no CSSProperties import, width and height kept', () => {
    const simple = svgToReactComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 24 24" width="24" height="24" fill="#181717"><title>GitHub</title><path d="M12 .3a12 12 0 0 0-3.8 23.4"/></svg>',
      { name: 'GitHubLogo', title: 'GitHub', credit: '"GitHub", via Simple Icons, CC0-1.0' },
    );
    expect(typeCheck(simple)).toEqual([]);
    expect(simple).toContain("import type { SVGProps } from 'react';");
    expect(render(simple, 'GitHubLogo')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" fill="#181717" viewBox="0 0 24 24" role="img"><title>GitHub</title><path d="M12 .3a12 12 0 0 0-3.8 23.4"></path></svg>',
    );
  });

  it('keeps a credit or title from ending its doc comment', () => {
    const tricky = svgToReactComponent('<svg xmlns="http://www.w3.org/2000/svg"/>', {
      name: 'TrickyLogo',
      title: 'Tricky */ logo',
      credit: '"Tricky */ logo"\nby someone',
    });
    expect(typeCheck(tricky)).toEqual([]);
    expect(render(tricky, 'TrickyLogo')).toContain('<title>Tricky */ logo</title>');
  });

  it('refuses a file that is not SVG', () => {
    expect(() => svgToReactComponent('<html><body/></html>', OPTIONS)).toThrow();
    expect(() => svgToReactComponent('<svg', OPTIONS)).toThrow();
  });
});

describe('the attribute lists match @types/react', () => {
  it('every string-typed attribute takes any string', () => {
    const attributes = [...REACT_SVG_ATTRIBUTES].map((name) => `${name}="1"`).join(' ');
    expect(typeCheck(`export const x = <path ${attributes} />;`)).toEqual([]);
  });

  it('every keyword attribute takes each keyword it allows', () => {
    const elements = Object.entries(KEYWORD_ATTRIBUTES).flatMap(([name, values]) =>
      [...values].map((value) => `<path ${name}="${value}" />`),
    );
    expect(typeCheck(`export const x = <g>${elements.join('')}</g>;`)).toEqual([]);
  });
});
