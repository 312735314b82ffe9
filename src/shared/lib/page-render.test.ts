import { describe, expect, it } from 'vitest';
import { serializePageState } from './page-render.ts';

describe('the page state embedded in a page', () => {
  // Logo titles and descriptions come from Wikimedia Commons: anyone can upload one.
  const hostile = {
    title: '</script><script>alert(1)</script>',
    description: '<!-- & \u2028 \u2029 -->',
  };

  it('cannot close its <script> element or open a comment', () => {
    const json = serializePageState(hostile);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
  });

  it('reads back as the same data', () => {
    expect(JSON.parse(serializePageState(hostile))).toEqual(hostile);
  });
});
