import { optimize, type XastElement, type XastParent, type XastRoot } from 'svgo/browser';
import { describe, expect, it } from 'vitest';
import commonsIllustrator from '#tests/fixtures/svg/commons-illustrator.svg?raw';
import commonsInkscape from '#tests/fixtures/svg/commons-inkscape.svg?raw';
import externalReferences from '#tests/fixtures/svg/external-references.svg?raw';
import foreignObject from '#tests/fixtures/svg/foreign-object.svg?raw';
import gradientBlue from '#tests/fixtures/svg/gradient-blue-a.svg?raw';
import gradientRed from '#tests/fixtures/svg/gradient-red-a.svg?raw';
import javascriptLink from '#tests/fixtures/svg/javascript-link.svg?raw';
import malformed from '#tests/fixtures/svg/malformed.svg?raw';
import noViewBoxUnits from '#tests/fixtures/svg/no-viewbox-units.svg?raw';
import notSvg from '#tests/fixtures/svg/not-svg.html?raw';
import percentSize from '#tests/fixtures/svg/percent-size.svg?raw';
import scriptOnload from '#tests/fixtures/svg/script-onload.svg?raw';
import solidGreen from '#tests/fixtures/svg/solid-green.svg?raw';
import useXlink from '#tests/fixtures/svg/use-xlink-a.svg?raw';
import { scopeCss, sanitizeCss } from './svg-sanitize.ts';
import { lengthInPx } from '../svg-size.ts';
import { SHEET_BACKGROUNDS, SHEET_DEFAULTS } from './sheet-options.ts';
import { buildSvgSheet, type SheetInput } from './svg-sheet.ts';

/** Parses the sheet with SVGO's strict XML parser (throws on anything not well-formed). */
function parse(svg: string): XastRoot {
  let tree: XastRoot | null = null;
  optimize(svg, {
    plugins: [
      {
        name: 'capture',
        fn: (root) => {
          tree = root;
          return null;
        },
      },
    ],
  });
  if (!tree) throw new Error('not parsed');
  return tree;
}

function* elements(parent: XastParent): Generator<XastElement> {
  for (const child of parent.children) {
    if (child.type === 'element') {
      yield child;
      yield* elements(child);
    }
  }
}

function textOf(element: XastElement): string {
  return element.children
    .map((child) =>
      child.type === 'text' || child.type === 'cdata'
        ? child.value
        : child.type === 'element'
          ? textOf(child)
          : '',
    )
    .join('');
}

function sheetRoot(tree: XastRoot): XastElement {
  const root = tree.children.find((child) => child.type === 'element');
  if (!root || root.name !== 'svg') throw new Error('no <svg> root');
  return root;
}

/** The cells: `<g id="lN">` children of the root. */
function cells(tree: XastRoot): XastElement[] {
  return sheetRoot(tree).children.filter(
    (child): child is XastElement => child.type === 'element' && child.name === 'g',
  );
}

/** Every id reference in a subtree: href/xlink:href="#x", url(#x) in attributes and <style>. */
function references(parent: XastParent): string[] {
  const found: string[] = [];
  const urls = (text: string) => {
    for (const match of text.matchAll(/url\(\s*["']?#([^"')\s]+)/g)) found.push(match[1]!);
  };
  for (const element of elements(parent)) {
    for (const [name, value] of Object.entries(element.attributes)) {
      if ((name === 'href' || name === 'xlink:href') && value.startsWith('#')) {
        found.push(value.slice(1));
      }
      urls(value);
    }
    if (element.name === 'style') urls(textOf(element));
  }
  return found;
}

function ids(parent: XastParent): string[] {
  return [...elements(parent)].flatMap((element) =>
    element.attributes.id === undefined ? [] : [element.attributes.id],
  );
}

/** Every id is unique in the sheet and every reference points at an id of the same logo. */
function expectSelfContainedCells(svg: string) {
  const tree = parse(svg);
  const all = ids(tree);
  expect(new Set(all).size, 'ids are unique across the sheet').toBe(all.length);
  for (const cell of cells(tree)) {
    const own = new Set(ids(cell));
    const foreign = references(cell).filter((reference) => !own.has(reference));
    expect(foreign, `references of ${cell.attributes.id} to other logos or nothing`).toEqual([]);
  }
  return tree;
}

function find(parent: XastParent, predicate: (element: XastElement) => boolean) {
  return [...elements(parent)].filter(predicate);
}

const input = (title: string, svg: string): SheetInput => ({ title, svg });

describe('buildSvgSheet layout', () => {
  it('lays logos out 3 to a row in 184 px cells, rows rounded up, on a white background', () => {
    const sheet = buildSvgSheet([
      input('Red', gradientRed),
      input('Blue', gradientBlue),
      input('Green', solidGreen),
      input('Use', useXlink),
    ]);
    expect(sheet).toMatchObject({ width: 552, height: 368, included: 4, skipped: [] });

    const tree = parse(sheet.svg);
    const root = sheetRoot(tree);
    expect(root.attributes).toMatchObject({
      xmlns: 'http://www.w3.org/2000/svg',
      'xmlns:xlink': 'http://www.w3.org/1999/xlink',
      width: '552',
      height: '368',
      viewBox: '0 0 552 368',
    });
    const background = root.children.find(
      (child): child is XastElement => child.type === 'element' && child.name === 'rect',
    );
    expect(background?.attributes).toMatchObject({ width: '552', height: '368', fill: '#ffffff' });

    // Each logo: a nested <svg> fitting its viewBox into a 144 px square, 20 px in from the cell's sides.
    const logos = cells(tree).map((cell) =>
      cell.children.find((c): c is XastElement => c.type === 'element' && c.name === 'svg')!,
    );
    expect(logos.map((logo) => [logo.attributes.x, logo.attributes.y])).toEqual([
      ['20', '12'],
      ['204', '12'],
      ['388', '12'],
      ['20', '196'],
    ]);
    for (const logo of logos) {
      expect(logo.attributes).toMatchObject({
        width: '144',
        height: '144',
        preserveAspectRatio: 'xMidYMid meet',
      });
      expect(logo.attributes.xmlns).toBeUndefined();
      expect(logo.attributes['xmlns:xlink']).toBeUndefined();
    }
    expect(logos.map((logo) => logo.attributes.viewBox)).toEqual([
      '0 0 100 100',
      '0 0 200 200',
      '0 0 24 24',
      '0 0 48 48',
    ]);
    // xmlns declared once, at the root.
    expect(sheet.svg.match(/xmlns=/g)).toHaveLength(1);
    expect(sheet.svg.match(/xmlns:xlink=/g)).toHaveLength(1);
  });

  it('captions each logo with its title under it, centred in the padding', () => {
    const sheet = buildSvgSheet([input('Google', solidGreen), input('Apple', solidGreen)]);
    const captions = find(parse(sheet.svg), (element) => element.name === 'text');
    expect(
      captions.map((caption) => [textOf(caption), caption.attributes.x, caption.attributes.y]),
    ).toEqual([
      ['Google', '92', '174'],
      ['Apple', '276', '174'],
    ]);
    expect(captions[0]!.attributes).toMatchObject({
      'font-family': 'sans-serif',
      'font-size': '12',
      fill: '#333',
      'text-anchor': 'middle',
    });
  });

  it('shows a title that looks like HTML as text, and truncates long ones', () => {
    const title = '<img src=x onerror=alert(1)>';
    const sheet = buildSvgSheet([
      input(title, solidGreen),
      input('A very long logo title that will never fit under one cell', solidGreen),
    ]);
    expect(sheet.svg).not.toContain('<img');
    const tree = parse(sheet.svg);
    expect(find(tree, (element) => element.name === 'img')).toEqual([]);
    const [first, second] = cells(tree);
    const titleOf = (cell: XastElement) =>
      textOf(
        cell.children.find((c): c is XastElement => c.type === 'element' && c.name === 'title')!,
      );
    const captionOf = (cell: XastElement) =>
      textOf(
        cell.children.find((c): c is XastElement => c.type === 'element' && c.name === 'text')!,
      );
    expect(titleOf(first!)).toBe(title);
    expect(captionOf(first!)).toBe('<img src=x onerror=alert(…');
    expect(captionOf(second!)).toBe('A very long logo title th…');
    expect(titleOf(second!)).toBe('A very long logo title that will never fit under one cell');
  });

  it('puts the attribution of every included logo in <metadata>', () => {
    const sheet = buildSvgSheet([
      { title: 'Red', svg: gradientRed, credit: '"Red" by A & B <x>, via Wikimedia Commons, CC0' },
      { title: 'Broken', svg: malformed, credit: 'never shown' },
      { title: 'Green', svg: solidGreen },
    ]);
    const metadata = find(parse(sheet.svg), (element) => element.name === 'metadata');
    expect(metadata).toHaveLength(1);
    const text = textOf(metadata[0]!);
    expect(text).toContain('1. "Red" by A & B <x>, via Wikimedia Commons, CC0');
    expect(text).toContain('2. Green');
    expect(text).not.toContain('never shown');
  });

  it('takes columns, cell size, captions and background from the options', () => {
    const sheet = buildSvgSheet(
      [input('a', solidGreen), input('b', solidGreen), input('c', solidGreen)],
      { columns: 2, cellSize: 200, logoSize: 160, captions: false, background: null },
    );
    expect(sheet).toMatchObject({ width: 400, height: 400, included: 3 });
    const tree = parse(sheet.svg);
    expect(find(tree, (element) => element.name === 'text')).toEqual([]);
    expect(sheetRoot(tree).children.some((c) => c.type === 'element' && c.name === 'rect')).toBe(
      false,
    );
    const logo = find(cells(tree)[2]!, (element) => element.name === 'svg')[0]!;
    expect(logo.attributes).toMatchObject({ x: '20', y: '220', width: '160', height: '160' });
    expect(SHEET_DEFAULTS).toEqual({
      columns: 3,
      cellSize: 184,
      logoSize: 144,
      fallbackSize: 100,
      background: '#ffffff',
      captions: true,
      captionColor: '#333',
    });
  });

  it('keeps the default proportion of logo to cell when only the cell size changes', () => {
    const sheet = buildSvgSheet([input('a', solidGreen), input('b', solidGreen)], {
      columns: 1,
      cellSize: 368,
    });
    expect(sheet).toMatchObject({ width: 368, height: 736, included: 2 });
    const logo = find(cells(parse(sheet.svg))[1]!, (element) => element.name === 'svg')[0]!;
    // 288 = 144 / 184 of 368; with captions the logo sits 30% down the 80 px of padding.
    expect(logo.attributes).toMatchObject({ x: '40', y: '392', width: '288', height: '288' });
  });

  it('draws captions in a colour that reads on the chosen background', () => {
    const sheet = buildSvgSheet([input('a', solidGreen)], { ...SHEET_BACKGROUNDS.dark });
    const tree = parse(sheet.svg);
    const background = sheetRoot(tree).children.find(
      (c) => c.type === 'element' && c.name === 'rect',
    );
    expect(background).toMatchObject({ attributes: { fill: '#18181b' } });
    expect(find(tree, (element) => element.name === 'text')[0]!.attributes.fill).toBe('#e4e4e7');
  });
});

describe('buildSvgSheet keeps logos apart', () => {
  it('binds each logo to its own id="a" gradient (fill, <style> and <use>)', () => {
    const sheet = buildSvgSheet([
      input('Red', gradientRed),
      input('Blue', gradientBlue),
      input('Use', useXlink),
    ]);
    const tree = expectSelfContainedCells(sheet.svg);
    const [red, blue, use] = cells(tree);

    const redRect = find(red!, (element) => element.name === 'rect')[0]!;
    expect(redRect.attributes.fill).toBe('url(#l0_a)');
    expect(find(red!, (e) => e.attributes.id === 'l0_a')[0]!.name).toBe('linearGradient');

    const style = textOf(find(blue!, (element) => element.name === 'style')[0]!);
    expect(style).toContain('#l1 .l1_c{fill:url(#l1_a)}');
    // Its element rule is scoped too: `rect{stroke:none}` must not reach the other logos' rects.
    expect(style).toContain('#l1 rect{stroke:none}');
    expect(find(blue!, (element) => element.name === 'rect')[0]!.attributes.class).toBe('l1_c');

    expect(
      find(use!, (element) => element.name === 'use').map((u) => u.attributes['xlink:href']),
    ).toEqual(['#l2_a', '#l2_a', '#l2_a']);
    expect(find(use!, (element) => element.name === 'g')[0]!.attributes['clip-path']).toBe(
      'url(#l2_b)',
    );
  });

  it('keeps the same logo twice apart, and numbers cells after skipped logos without gaps', () => {
    const sheet = buildSvgSheet([
      input('Red', gradientRed),
      input('Broken', malformed),
      input('Red again', gradientRed),
    ]);
    expect(sheet.included).toBe(2);
    const tree = expectSelfContainedCells(sheet.svg);
    expect(cells(tree).map((cell) => cell.attributes.id)).toEqual(['l0', 'l1']);
    expect(ids(tree)).toEqual(['l0', 'l0_a', 'l1', 'l1_a']);
  });

  it('handles a Commons Illustrator export: entities, i:pgf blob, switch/foreignObject, classes', () => {
    const sheet = buildSvgSheet([input('Illustrator', commonsIllustrator)]);
    expect(sheet.skipped).toEqual([]);
    const tree = expectSelfContainedCells(sheet.svg);
    expect(find(tree, (e) => e.name.includes(':') || e.name === 'foreignObject')).toEqual([]);
    expect(sheet.svg).not.toContain('adobe_illustrator_pgf');
    expect(sheet.svg).not.toContain('ns.adobe.com');
    const style = textOf(find(tree, (element) => element.name === 'style')[0]!);
    expect(style).toContain('#l0 .l0_st0{fill:url(#l0_SVGID_1_)}');
    expect(find(tree, (e) => e.attributes.class === 'l0_st2').length).toBeGreaterThan(10);
    const logo = find(
      tree,
      (element) => element.name === 'svg' && element.attributes.x === '20',
    )[0]!;
    expect(logo.attributes.viewBox).toBe('0 0 612 306');
  });

  it('handles a Commons Inkscape export: no viewBox, editor data, gradient inheritance, filters', () => {
    const sheet = buildSvgSheet([input('Green', solidGreen), input('Inkscape', commonsInkscape)]);
    const tree = expectSelfContainedCells(sheet.svg);
    expect(sheet.svg).not.toMatch(/sodipodi|inkscape|rdf:|dc:|cc:Work/);
    const cell = cells(tree)[1]!;
    expect(find(cell, (element) => element.name === 'svg')[0]!.attributes.viewBox).toBe(
      '0 0 512 256',
    );
    const inherited = find(cell, (e) => e.attributes.id === 'l1_linearGradient3772')[0]!;
    expect(inherited.attributes['xlink:href']).toBe('#l1_linearGradient3766');
    const path = find(cell, (e) => e.attributes.id === 'l1_path3000')[0]!;
    expect(path.attributes.style).toContain('filter:url(#l1_filter3801)');
    expect(find(cell, (e) => e.name === 'tspan').map(textOf)).toEqual(['Example']);
  });

  it('scopes style rules to the logo and drops duplicate ids and dangling references', () => {
    const sheet = buildSvgSheet([
      input(
        'Styled',
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><style>
          path, circle > .x { fill: red }
          :root { color: blue }
          @media (min-width: 1px) { rect { fill: url(#gone) } }
          @keyframes spin { from { opacity: 0 } to { opacity: 1 } }
        </style><path id="p" d="M0 0h1v1z"/><path id="p" d="M1 1h1v1z"/><rect fill="url(#gone)" width="1" height="1"/><use href="#gone"/></svg>`,
      ),
    ]);
    const tree = expectSelfContainedCells(sheet.svg);
    const style = textOf(find(tree, (element) => element.name === 'style')[0]!);
    expect(style).toContain('#l0 path,#l0 circle>.l0_x{fill:red}');
    expect(style).toContain('#l0>svg{color:blue}');
    expect(style).toContain('@media (min-width:1px){#l0 rect{fill:none}}');
    expect(style).toContain('@keyframes spin{');
    expect(ids(tree)).toEqual(['l0', 'l0_p']);
    expect(find(tree, (e) => e.name === 'rect' && e.attributes.fill === 'none')).toHaveLength(1);
    expect(find(tree, (e) => e.name === 'use')).toEqual([]);
  });
});

describe('buildSvgSheet sanitises', () => {
  const dangerous = [
    input('Script', scriptOnload),
    input('Foreign', foreignObject),
    input('Links', javascriptLink),
    input('External', externalReferences),
  ];
  const sheet = buildSvgSheet(dangerous);
  const tree = parse(sheet.svg);

  it('removes scripts, event handlers, foreignObject and script-targeting animations', () => {
    expect(sheet.included).toBe(4);
    expect(
      find(tree, (e) => /^(script|foreignObject|iframe|div|set|animate)$/i.test(e.name)),
    ).toEqual([]);
    expect(find(tree, (e) => Object.keys(e.attributes).some((name) => /^on/i.test(name)))).toEqual(
      [],
    );
    expect(sheet.svg).not.toMatch(/alert|document\.title|evil\.example\/x\.js/);
    // What is harmless stays: the logos still draw.
    expect(find(tree, (e) => e.attributes.fill === '#ffcc00')).toHaveLength(1);
    expect(find(tree, (e) => e.name === 'circle' && e.attributes.fill === '#333333')).toHaveLength(
      1,
    );
  });

  it('removes javascript: and data:text/html links but keeps what they wrap', () => {
    expect(sheet.svg.toLowerCase()).not.toMatch(/javascript|data:text\/html/);
    const links = find(cells(tree)[2]!, (e) => e.name === 'a');
    expect(links).toHaveLength(3);
    for (const link of links) {
      expect(link.attributes.href).toBeUndefined();
      expect(link.attributes['xlink:href']).toBeUndefined();
    }
    expect(find(cells(tree)[2]!, (e) => e.name === 'rect')).toHaveLength(2);
  });

  it('removes every external reference, keeping only embedded raster images', () => {
    expect(sheet.svg).not.toMatch(/evil\.example|sprite\.svg|@import|xml-stylesheet|image-set/);
    const external = cells(tree)[3]!;
    const images = find(external, (e) => e.name === 'image');
    expect(images.map((image) => image.attributes['xlink:href']?.slice(0, 22))).toEqual([
      'data:image/png;base64,',
    ]);
    expect(find(external, (e) => e.name === 'use')).toEqual([]);
    const [background, escaped] = find(external, (e) => e.name === 'rect');
    expect(background!.attributes).toMatchObject({
      class: 'l3_bg',
      fill: '#777777',
      style: 'stroke:none',
    });
    // A style attribute that loads a url through a CSS escape is dropped whole.
    expect(escaped!.attributes.style).toBeUndefined();
    expect(escaped!.attributes.filter).toBe('none');
    // Its stylesheet used image-set(), which loads a file without url(): dropped whole.
    expect(find(external, (e) => e.name === 'style')).toEqual([]);
  });

  it('drops a <style> that only loads something once its escapes are decoded', () => {
    expect(sanitizeCss('.a{fill:red}')).toBe('.a{fill:red}');
    expect(sanitizeCss('.a{background:\\75 rl(https://evil.example/x.png)}')).toBeNull();
    expect(sanitizeCss('.a{background:image-set("x.png" 1x)}')).toBeNull();
    expect(sanitizeCss('@import "https://evil.example/x.css"; .a{fill:red}')).toBe(' .a{fill:red}');
    expect(sanitizeCss(".a{fill:url( '#g' )}")).toBe('.a{fill:url(#g)}');
    expect(sanitizeCss('.a{font-family:"\\5FAE\\8F6F\\96C5\\9ED1"}')).toBe(
      '.a{font-family:"\\5FAE\\8F6F\\96C5\\9ED1"}',
    );
  });
});

describe('buildSvgSheet sizes', () => {
  it('derives a missing viewBox from width and height with units', () => {
    const sheet = buildSvgSheet([input('Units', noViewBoxUnits), input('Percent', percentSize)]);
    const logos = find(parse(sheet.svg), (e) => e.name === 'svg' && e.attributes.x !== undefined);
    // 64pt = 85.333px; 32mm = 120.945px. Percentages are unknown: 100 × 100.
    expect(logos.map((logo) => logo.attributes.viewBox)).toEqual([
      '0 0 85.333 120.945',
      '0 0 100 100',
    ]);
  });

  it('converts every CSS length unit to px', () => {
    expect(lengthInPx('10')).toBe(10);
    expect(lengthInPx(' 10px ')).toBe(10);
    expect(lengthInPx('72pt')).toBe(96);
    expect(lengthInPx('1pc')).toBe(16);
    expect(lengthInPx('25.4mm')).toBeCloseTo(96);
    expect(lengthInPx('2.54cm')).toBeCloseTo(96);
    expect(lengthInPx('1in')).toBe(96);
    expect(lengthInPx('2em')).toBe(32);
    expect(lengthInPx('1e2')).toBe(100);
    expect(lengthInPx('100%')).toBeNull();
    expect(lengthInPx('auto')).toBeNull();
    expect(lengthInPx('0')).toBeNull();
    expect(lengthInPx('-5')).toBeNull();
    expect(lengthInPx(undefined)).toBeNull();
  });

  it('consolidates a 2 MB logo', () => {
    const paths = Array.from(
      { length: 24_000 },
      (_, i) =>
        `<path id="p${i}" fill="url(#g${i % 10})" d="M${i % 1000} ${i % 997}c1.5 2.5 3.5 4.5 6.5 7.5l10 0l0 10l-10 0z"/>`,
    ).join('\n');
    const gradients = Array.from(
      { length: 10 },
      (_, i) =>
        `<linearGradient id="g${i}"><stop offset="0" stop-color="#${i}${i}0000"/></linearGradient>`,
    ).join('');
    const big = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 1000"><defs>${gradients}</defs>${paths}</svg>`;
    expect(big.length).toBeGreaterThan(2_000_000);
    const sheet = buildSvgSheet([input('Big', big), input('Red', gradientRed)]);
    expect(sheet.included).toBe(2);
    const tree = expectSelfContainedCells(sheet.svg);
    expect(find(tree, (e) => e.name === 'path')).toHaveLength(24_000);
  });
});

describe('buildSvgSheet skips what is not SVG', () => {
  it('skips malformed XML and non-SVG files with a readable reason', () => {
    const sheet = buildSvgSheet([
      input('Broken logo', malformed),
      input('Green', solidGreen),
      input('A page', notSvg),
      input('Empty', ''),
      input('PNG bytes', '\u0089PNG\r\n\u001a\n'),
    ]);
    expect(sheet.included).toBe(1);
    expect(sheet.width).toBe(552);
    expect(sheet.height).toBe(184);
    expect(sheet.skipped.map((s) => s.title)).toEqual([
      'Broken logo',
      'A page',
      'Empty',
      'PNG bytes',
    ]);
    for (const { title, reason } of sheet.skipped) {
      expect(reason).toMatch(new RegExp(`^${title} is not a valid SVG file: .+\\.$`));
    }
    expect(sheet.skipped[1]!.reason).toContain('its root element is <html>, not <svg>');
  });

  it('refuses oversized XML entity declarations (an expansion attack)', () => {
    const value = 'x'.repeat(5000);
    const sheet = buildSvgSheet([
      input(
        'Laughs',
        `<!DOCTYPE svg [<!ENTITY a "${value}">]><svg xmlns="http://www.w3.org/2000/svg">${'&a;'.repeat(500)}</svg>`,
      ),
    ]);
    expect(sheet.included).toBe(0);
    expect(sheet.skipped[0]!.reason).toContain('oversized XML entities');
  });

  it('skips a file nested too deeply to walk, instead of failing the whole sheet', () => {
    const depth = 50_000;
    const deep = `<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(depth)}<rect/>${'</g>'.repeat(depth)}</svg>`;
    const sheet = buildSvgSheet([input('Deep', deep), input('Green', solidGreen)]);
    expect(sheet.included).toBe(1);
    expect(sheet.skipped).toEqual([
      {
        title: 'Deep',
        reason: 'Deep is not a valid SVG file: its elements are nested too deeply.',
      },
    ]);
  });

  it('accepts an SVG whose elements use an svg: prefix', () => {
    const sheet = buildSvgSheet([
      input(
        'Prefixed',
        '<svg:svg xmlns:svg="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><svg:rect width="10" height="10" fill="#abcdef"/></svg:svg>',
      ),
    ]);
    expect(sheet.included).toBe(1);
    expect(
      find(parse(sheet.svg), (e) => e.name === 'rect' && e.attributes.fill === '#abcdef'),
    ).toHaveLength(1);
  });

  it('gives an empty sheet when nothing could be processed', () => {
    const sheet = buildSvgSheet([input('Broken', malformed)]);
    expect(sheet).toMatchObject({ included: 0, height: 0 });
    expect(() => parse(sheet.svg)).not.toThrow();
  });
});

describe('scopeCss', () => {
  it('prefixes every selector and leaves declarations and keyframes alone', () => {
    expect(scopeCss('a,b[x="1,2"]{c:d}@supports (x:y){e{f:g}}@font-face{src:local(x)}', '#s')).toBe(
      '#s a,#s b[x="1,2"]{c:d}@supports (x:y){#s e{f:g}}@font-face{src:local(x)}',
    );
  });
});
