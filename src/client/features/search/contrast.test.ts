import { describe, expect, it } from 'vitest';
import {
  composite,
  contrastRatio,
  contrastVerdict,
  parseColour,
  relativeLuminance,
  svgContrast,
  svgPaints,
  type Paint,
  type Rgb,
} from './contrast.ts';
import { contrastWarningText, previewSurface } from './preview-background.ts';

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

describe('parseColour', () => {
  it.each([
    ['#f00', [255, 0, 0], 1],
    ['#FF000080', [255, 0, 0], 128 / 255],
    ['#1a2b3c', [26, 43, 60], 1],
    ['#0f08', [0, 255, 0], 136 / 255],
    ['rgb(10, 20, 30)', [10, 20, 30], 1],
    ['rgba(10,20,30,0.5)', [10, 20, 30], 0.5],
    ['rgb(100% 0% 50% / 25%)', [255, 0, 128], 0.25],
    ['hsl(120, 100%, 25%)', [0, 128, 0], 1],
    ['hsla(0deg 100% 50% / 0.5)', [255, 0, 0], 0.5],
    ['RebeccaPurple', [102, 51, 153], 1],
    ['transparent', [0, 0, 0], 0],
  ] as const)('%s', (text, rgb, alpha) => {
    const colour = parseColour(text);
    expect(colour?.rgb).toEqual(rgb);
    expect(colour?.alpha).toBeCloseTo(alpha, 5);
  });

  it.each(['none', 'currentColor', 'url(#a)', '#12', '#ggg', 'rgb(1,2)', 'notacolour', ''])(
    'refuses %s',
    (text) => {
      expect(parseColour(text)).toBeNull();
    },
  );
});

describe('WCAG contrast', () => {
  it('gives the reference luminances and ratios', () => {
    expect(relativeLuminance(WHITE)).toBeCloseTo(1, 6);
    expect(relativeLuminance(BLACK)).toBe(0);
    expect(contrastRatio(BLACK, WHITE)).toBeCloseTo(21, 6);
    expect(contrastRatio(WHITE, BLACK)).toBeCloseTo(21, 6);
    expect(contrastRatio([119, 119, 119], WHITE)).toBeCloseTo(4.48, 2); // #777, the AA edge
    expect(contrastRatio([0x18, 0x17, 0x17], BLACK)).toBeCloseTo(1.17, 2); // GitHub's colour
  });

  it('sees a translucent colour as mixed with what is behind it', () => {
    expect(composite({ rgb: BLACK, alpha: 0.5 }, WHITE)).toEqual([128, 128, 128]);
    expect(composite({ rgb: [255, 0, 0], alpha: 0 }, BLACK)).toEqual(BLACK);
  });
});

const solid = (rgb: Rgb, weight = 1): Paint => ({ colour: { rgb, alpha: 1 }, weight });

describe('contrastVerdict', () => {
  it('is low when nearly all the paint blends in, ok when enough of it stands out', () => {
    expect(contrastVerdict([solid([20, 20, 20])], [BLACK])).toBe('low');
    expect(contrastVerdict([solid([20, 20, 20])], [WHITE])).toBe('ok');
    // A black wordmark with a small red dot, on black: the dot alone is not enough.
    expect(contrastVerdict([solid(BLACK, 90), solid([255, 0, 0], 10)], [BLACK])).toBe('low');
    // A dark shape on a large white plate stays readable on black.
    expect(contrastVerdict([solid(WHITE, 70), solid(BLACK, 30)], [BLACK])).toBe('ok');
  });

  it('counts a colour as visible if it stands out from either square of a checkerboard', () => {
    expect(contrastVerdict([solid(WHITE)], [WHITE, [0xe4, 0xe4, 0xe7]])).toBe('low');
    expect(contrastVerdict([solid([150, 150, 150])], [WHITE, [0xe4, 0xe4, 0xe7]])).toBe('ok');
  });

  it('has no verdict when the paint is unknown', () => {
    expect(contrastVerdict([], [BLACK])).toBe('unknown');
    expect(contrastVerdict([{ colour: null, weight: 5 }, solid(BLACK, 1)], [BLACK])).toBe(
      'unknown',
    );
  });
});

const svg = (body: string, attributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" ${attributes}>${body}</svg>`;

describe('svgPaints', () => {
  it('paints black when nothing sets a fill, and weighs shapes by their area', () => {
    const paints = svgPaints(svg('<rect width="10" height="20"/><circle r="5" fill="#fff"/>'));
    expect(paints).toEqual([
      { colour: { rgb: BLACK, alpha: 1 }, weight: 200 },
      { colour: { rgb: WHITE, alpha: 1 }, weight: 100 },
    ]);
  });

  it('inherits fill and opacity from groups and the root, and multiplies opacities', () => {
    const [paint] = svgPaints(
      svg(
        '<g opacity="0.5" fill-opacity=".5"><path d="M0 0h10v10H0z" fill="red"/></g>',
        'fill="#00f"',
      ),
    );
    expect(paint).toEqual({ colour: { rgb: [255, 0, 0], alpha: 0.25 }, weight: 100 });
    const [inherited] = svgPaints(svg('<g><path d="M0 0h10v10H0z"/></g>', 'fill="#00f"'));
    expect(inherited?.colour?.rgb).toEqual([0, 0, 255]);
  });

  it('applies <style> rules (class, id, element) over attributes, and style attributes over both', () => {
    const paints = svgPaints(
      svg(
        `<style><![CDATA[ .st0{fill:#FFFFFF;} path#x { fill: #00ff00 } rect { fill: blue } .st0:hover { fill: red } ]]></style>
        <path class="st0" fill="#000" d="M0 0h10v10H0z"/>
        <path id="x" class="st0" d="M0 0h10v10H0z"/>
        <rect width="1" height="1" fill="#000"/>
        <rect width="1" height="1" class="st0" style="fill: rgb(1, 2, 3)"/>`,
      ),
    );
    expect(paints.map((paint) => paint.colour?.rgb)).toEqual([
      WHITE,
      [0, 255, 0],
      [0, 0, 255],
      [1, 2, 3],
    ]);
  });

  it('reads strokes, currentColor, and leaves out none, transparent and hidden shapes', () => {
    const paints = svgPaints(
      svg(
        `<g color="#123456"><rect width="10" height="10" fill="currentColor" stroke="#f00" stroke-width="2"/></g>
        <rect width="10" height="10" fill="none"/>
        <rect width="10" height="10" fill="transparent"/>
        <rect width="10" height="10" display="none"/>
        <g style="display:none"><rect width="10" height="10"/></g>
        <rect width="10" height="10" visibility="hidden"/>
        <line x1="0" y1="0" x2="50" y2="0" stroke="#0f0" stroke-width="4"/>`,
      ),
    );
    expect(paints).toEqual([
      { colour: { rgb: [0x12, 0x34, 0x56], alpha: 1 }, weight: 100 },
      { colour: { rgb: [255, 0, 0], alpha: 1 }, weight: 80 },
      { colour: { rgb: [0, 255, 0], alpha: 1 }, weight: 400 },
    ]);
  });

  it('splits a gradient fill over its stops, following href to inherited stops', () => {
    const paints = svgPaints(
      svg(
        `<rect width="10" height="10" fill="url(#g2)"/>
        <defs>
          <linearGradient id="g1"><stop offset="0" stop-color="#fff"/><stop offset="1" style="stop-color:#000;stop-opacity:.5"/></linearGradient>
          <linearGradient id="g2" xlink:href="#g1" x2="1"/>
        </defs>`,
        'xmlns:xlink="http://www.w3.org/1999/xlink"',
      ),
    );
    expect(paints).toEqual([
      { colour: { rgb: WHITE, alpha: 1 }, weight: 50 },
      { colour: { rgb: BLACK, alpha: 0.5 }, weight: 50 },
    ]);
  });

  it('does not draw what sits in defs, clip paths, masks or symbols', () => {
    expect(
      svgPaints(
        svg(
          '<defs><rect width="99" height="99"/></defs><clipPath><rect width="99" height="99"/></clipPath><mask><rect width="9" height="9"/></mask><symbol><path d="M0 0h9v9z"/></symbol><title>Logo</title>',
        ),
      ),
    ).toEqual([]);
  });

  it('measures paths, including relative commands, curves and compact arc flags', () => {
    const [box] = svgPaints(svg('<path d="m10 10 h20 v10 h-20 z"/>'));
    expect(box?.weight).toBe(200);
    const [curve] = svgPaints(svg('<path d="M0,0 C 0,10 10,10 10,0 S20-10 20,0"/>'));
    expect(curve?.weight).toBe(20 * 20);
    const [arc] = svgPaints(svg('<path d="M0 0a5 5 0 1020 10"/>'));
    expect(arc?.weight).toBe(200);
    const [exponent] = svgPaints(svg('<path d="M0 0L1e1 1E1"/>'));
    expect(exponent?.weight).toBe(100);
  });

  it('scales areas by transforms', () => {
    const [scaled] = svgPaints(
      svg('<g transform="translate(5) scale(2)"><rect width="10" height="10"/></g>'),
    );
    expect(scaled?.weight).toBe(400);
    const [matrix] = svgPaints(
      svg('<rect transform="matrix(3 0 0 1 0 0)" width="10" height="10"/>'),
    );
    expect(matrix?.weight).toBe(300);
  });

  it('weighs text by its characters and font size', () => {
    const [text] = svgPaints(svg('<text font-size="10" fill="#f00">AB <tspan>C</tspan></text>'));
    expect(text).toEqual({ colour: { rgb: [255, 0, 0], alpha: 1 }, weight: 100 });
  });

  it('counts embedded images as unknown paint', () => {
    expect(
      svgPaints(svg('<image width="10" height="10" href="data:image/png;base64,AA"/>')),
    ).toEqual([{ colour: null, weight: 100 }]);
  });

  it('survives comments, a DOCTYPE, processing instructions and editor namespaces', () => {
    const paints = svgPaints(`<?xml version="1.0"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [<!ENTITY ns "x">]>
<!-- <rect width="1000" height="1000" fill="red"/> -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape">
  <sodipodi:namedview pagecolor="#ffffff"/>
  <svg:rect xmlns:svg="http://www.w3.org/2000/svg" width="2" height="2" fill="#0f0" inkscape:label="a > b"/>
</svg>`);
    expect(paints).toEqual([{ colour: { rgb: [0, 255, 0], alpha: 1 }, weight: 4 }]);
  });
});

const GITHUB =
  '<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 24 24" width="64" height="64" fill="#181717"><title>GitHub</title><path d="M12 .297c-6.63 0-12 5.373-12 12 0 5.303 3.438 9.8 8.205 11.385.6.113.82-.258.82-.577 0-.285-.01-1.04-.015-2.04-3.338.724-4.042-1.61-4.042-1.61C4.422 18.07 3.633 17.7 3.633 17.7c-1.087-.744.084-.729.084-.729 1.205.084 1.838 1.236 1.838 1.236 1.07 1.835 2.809 1.305 3.495.998.108-.776.417-1.305.76-1.605-2.665-.3-5.466-1.332-5.466-5.93 0-1.31.465-2.38 1.235-3.22-.135-.303-.54-1.523.105-3.176 0 0 1.005-.322 3.3 1.23.96-.267 1.98-.399 3-.405 1.02.006 2.04.138 3 .405 2.28-1.552 3.285-1.23 3.285-1.23.645 1.653.24 2.873.12 3.176.765.84 1.23 1.91 1.23 3.22 0 4.61-2.805 5.625-5.475 5.92.42.36.81 1.096.81 2.22 0 1.606-.015 2.896-.015 3.286 0 .315.21.69.825.57C20.565 22.092 24 17.592 24 12.297c0-6.627-5.373-12-12-12"/></svg>';

const GOOGLE =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 272 92"><path fill="#EA4335" d="M115.75 47.18c0 12.77-9.99 22.18-22.25 22.18s-22.25-9.41-22.25-22.18C71.25 34.32 81.24 25 93.5 25s22.25 9.32 22.25 22.18z"/><path fill="#FBBC05" d="M163.75 47.18c0 12.77-9.99 22.18-22.25 22.18s-22.25-9.41-22.25-22.18c0-12.85 9.99-22.18 22.25-22.18s22.25 9.32 22.25 22.18z"/><path fill="#4285F4" d="M209.75 26.34v39.82c0 16.38-9.66 23.07-21.08 23.07-10.75 0-17.22-7.19-19.66-13.07l8.48-3.53c1.51 3.61 5.21 7.87 11.17 7.87 7.31 0 11.84-4.51 11.84-13v-3.19h-.34c-2.18 2.69-6.38 5.04-11.68 5.04-11.09 0-21.25-9.66-21.25-22.09 0-12.52 10.16-22.26 21.25-22.26 5.29 0 9.49 2.35 11.68 4.96h.34v-3.61h9.25z"/></svg>';

describe('svgContrast on real logos', () => {
  const surface = (background: Parameters<typeof previewSurface>[0], brand: string | null) =>
    previewSurface(background, brand).colours;

  it('warns for a near-black logo on black and on its own brand colour, not on white', () => {
    expect(svgContrast(GITHUB, surface('black', '181717'))).toBe('low');
    expect(svgContrast(GITHUB, surface('brand', '181717'))).toBe('low');
    expect(svgContrast(GITHUB, surface('white', '181717'))).toBe('ok');
    expect(svgContrast(GITHUB, surface('checkerboard', '181717'))).toBe('ok');
  });

  it('keeps quiet for a colourful logo on either', () => {
    expect(svgContrast(GOOGLE, surface('black', null))).toBe('ok');
    expect(svgContrast(GOOGLE, surface('white', null))).toBe('ok');
  });

  it('warns for a white logo on white and on the checkerboard', () => {
    const white = GITHUB.replace('#181717', '#ffffff');
    expect(svgContrast(white, surface('white', null))).toBe('low');
    expect(svgContrast(white, surface('checkerboard', null))).toBe('low');
    expect(svgContrast(white, surface('black', null))).toBe('ok');
  });
});

describe('preview surfaces', () => {
  it('shows a logo without a brand colour on white, and says which background it warns about', () => {
    expect(previewSurface('brand', null).background).toBe('white');
    expect(previewSurface('brand', 'not-a-colour').background).toBe('white');
    expect(contrastWarningText(previewSurface('black', null))).toBe(
      'This logo may be hard to see on a black background.',
    );
    expect(contrastWarningText(previewSurface('brand', '181717'))).toBe(
      'This logo may be hard to see on its brand colour (#181717).',
    );
  });
});
