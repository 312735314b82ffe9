import { describe, expect, it } from 'vitest';
import gradientBlue from '#tests/fixtures/svg/gradient-blue-a.svg?raw';
import gradientRed from '#tests/fixtures/svg/gradient-red-a.svg?raw';
import scriptOnload from '#tests/fixtures/svg/script-onload.svg?raw';
import { composeSvg, type ComposedLogo } from './svg-compose.ts';

const box = (x: number) => ({ x, y: 10, width: 80, height: 40 });
const svgLogo = (title: string, svg: string, x: number): ComposedLogo => ({
  title,
  credit: `"${title}" by Someone, via Wikimedia Commons, Public domain`,
  box: box(x),
  source: { svg },
});
const options = {
  width: 300,
  height: 60,
  background: '#000000',
  filter: {
    id: 'wall-colour',
    markup: '<filter id="wall-colour"><feColorMatrix type="saturate" values="0"/></filter>',
  },
  title: 'Logo wall',
};

describe('composeSvg', () => {
  it('places each logo in its own box, ids prefixed, through the filter, with the credits', () => {
    const result = composeSvg(
      [svgLogo('Red', gradientRed, 10), svgLogo('Blue', gradientBlue, 110)],
      options,
    );
    expect(result.included).toBe(2);
    expect(result.svg).toContain('width="300" height="60" viewBox="0 0 300 60"');
    expect(result.svg).toContain('<rect width="300" height="60" fill="#000000"/>');
    expect(result.svg).toContain('<defs><filter id="wall-colour">');
    expect(result.svg.match(/<g id="w\d" filter="url\(#wall-colour\)">/g)).toHaveLength(2);
    // Both files say id="a": each is prefixed with its own cell's id.
    expect(result.svg).toContain('id="w0_a"');
    expect(result.svg).toContain('id="w1_a"');
    expect(result.svg).toMatch(/<svg x="10" y="10" width="80" height="40"/);
    expect(result.svg).toContain(
      '1. &#34;Red&#34; by Someone, via Wikimedia Commons, Public domain',
    );
    expect(result.svg).toContain('2. &#34;Blue&#34;');
  });

  it('removes scripts, keeps safe raster pictures and leaves out anything else', () => {
    const result = composeSvg(
      [
        svgLogo('Scripted', scriptOnload, 10),
        {
          ...svgLogo('Raster', '', 110),
          source: { dataUrl: 'data:image/png;base64,iVBORw0KGgo=' },
        },
        { ...svgLogo('Page', '', 210), source: { dataUrl: 'data:text/html;base64,PHNjcmlwdD4=' } },
        svgLogo('Broken', '<svg', 10),
      ],
      { ...options, background: null, filter: null },
    );
    expect(result.included).toBe(2);
    expect(result.svg).not.toMatch(/<script|onload/i);
    expect(result.svg).toContain('href="data:image/png;base64,iVBORw0KGgo="');
    expect(result.svg).not.toContain('text/html');
    expect(result.svg).not.toContain('<rect width="300"');
    expect(result.skipped.map((skip) => skip.title)).toEqual(['Page', 'Broken']);
  });
});
