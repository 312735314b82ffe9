import { describe, expect, it } from 'vitest';
import { inverseSvg, normaliseColour } from './inverse-svg.ts';

const GITHUB =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="#181717"><title>GitHub</title><path d="M12 .3a12 12 0 0 0-3.8 23.4"/></svg>';

describe('inverseSvg', () => {
  it('turns a dark single-colour logo white, for dark backgrounds', () => {
    const inverse = inverseSvg(GITHUB);
    expect(inverse?.tone).toBe('dark');
    expect(inverse?.svg).toContain('fill="#ffffff"');
    expect(inverse?.svg).not.toContain('#181717');
    expect(inverse?.svg).toContain('<path d="M12 .3a12 12 0 0 0-3.8 23.4"/>');
  });

  it('turns a white logo black, for light backgrounds, whatever the colour is spelt', () => {
    const white =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><style>.a{fill:#FFF}</style><path class="a" d="M0 0h5v5z"/><path d="M5 5h5v5z" fill="white" stroke="rgb(255, 255, 255)"/></svg>';
    const inverse = inverseSvg(white);
    expect(inverse?.tone).toBe('light');
    expect(inverse?.svg).not.toMatch(/#fff\b|white|rgb|<style/i);
    expect(inverse?.svg.match(/#000000/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it('paints the default black too: shapes without a fill of their own', () => {
    const inverse = inverseSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h10v10z"/></svg>',
    );
    expect(inverse?.tone).toBe('dark');
    expect(inverse?.svg).toMatch(/<svg [^>]*fill="#ffffff"/);
  });

  it('has no inverse for a logo of two colours, a gradient, a picture or CSS paint', () => {
    for (const svg of [
      '<svg xmlns="http://www.w3.org/2000/svg"><path fill="#e50914" d="M0 0h1v1z"/><path fill="#000" d="M1 1h1v1z"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><path fill="#000" stroke="#e50914" d="M0 0h1v1z"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><defs><linearGradient id="g"><stop offset="0" stop-color="#000"/></linearGradient></defs><path fill="url(#g)" d="M0 0h1v1z"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" fill="#000"><image href="data:image/png;base64,AAAA" width="1" height="1"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" fill="#000"><path style="fill:var(--brand)" d="M0 0h1v1z"/></svg>',
      'not an svg',
      '<html><body/></html>',
    ]) {
      expect(inverseSvg(svg), svg).toBeNull();
    }
  });

  it('is sanitised: no scripts, event handlers, foreign content, links or outside references', () => {
    const inverse = inverseSvg(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="alert(1)" fill="#222">
        <script>alert(2)</script>
        <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>
        <a href="javascript:alert(3)"><path d="M0 0h1v1z"/></a>
        <use xlink:href="https://evil.example/x.svg#a"/>
        <path id="p" d="M1 1h1v1z" onclick="alert(4)"/>
        <use href="#p" x="2"/>
      </svg>`,
    );
    expect(inverse).not.toBeNull();
    for (const absent of [
      'alert',
      'script',
      'foreignObject',
      'evil.example',
      'onload',
      'onclick',
      '<a',
    ]) {
      expect(inverse!.svg, absent).not.toContain(absent);
    }
    expect(inverse!.svg).toContain('<use href="#p" x="2"/>');
  });
});

describe('normaliseColour', () => {
  it('spells colours one way', () => {
    expect(normaliseColour('#ABC')).toBe('#aabbcc');
    expect(normaliseColour(' RGB(0, 128,255) ')).toBe('#0080ff');
    expect(normaliseColour('White')).toBe('#ffffff');
    expect(normaliseColour('none')).toBe('none');
  });
});
