import { describe, expect, it } from 'vitest';
import type { Logo } from '#shared/search/search.schemas.ts';
import { testLogo } from '#tests/fixtures/logo.fixture.ts';
import { buildSvgSheet } from '../sheet/svg-sheet.ts';
import {
  DEFAULT_SHEET_CHOICE,
  buildSheet,
  consolidateSvgLogos,
  fetchSvgSources,
  sheetOptionsOf,
  svgLogosOf,
} from './use-consolidate.ts';

function logo(title: string, url: string): Logo {
  const fileType = url.endsWith('.png') ? 'png' : 'svg';
  return testLogo({
    title,
    url,
    fileType,
    size: null,
    width: null,
    height: null,
    searchTerm: 'test',
  });
}

const square = (fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="${fill}"/></svg>`;

describe('consolidation', () => {
  it('takes only SVG logos (the url or the title says svg)', () => {
    const picked = svgLogosOf([
      logo('A', 'https://example.org/a.svg'),
      logo('B', 'https://example.org/b.png'),
      logo('C svg', 'https://example.org/c'),
    ]);
    expect(picked.map((l) => l.title)).toEqual(['A', 'C svg']);
  });

  it('fetches every SVG with progress, skips the ones that fail, and builds one sheet', async () => {
    const logos = [
      logo('Red', 'https://example.org/red.svg'),
      logo('Broken', 'https://example.org/broken.svg'),
      logo('Blue', 'https://example.org/blue.svg'),
    ];
    const progress: number[] = [];
    const result = await consolidateSvgLogos(logos, {
      fetchSvg: async (l) => {
        if (l.title === 'Broken') throw new Error('404');
        return square(l.title === 'Red' ? '#f00' : '#00f');
      },
      onProgress: ({ done }) => progress.push(done),
    });
    expect(progress).toEqual([1, 2, 3]);
    expect(result.included).toBe(2);
    expect(result.skipped).toEqual([{ title: 'Broken', reason: 'The file could not be fetched.' }]);
    expect(result.svg).toContain('#f00');
    expect(result.svg).toContain('Blue');
  });

  it('gives no sheet when nothing could be processed', async () => {
    const result = await consolidateSvgLogos([logo('Bad', 'https://example.org/bad.svg')], {
      fetchSvg: async () => '<svg><g></svg',
    });
    expect(result.svg).toBeNull();
    expect(result.included).toBe(0);
    expect(result.skipped).toHaveLength(1);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      consolidateSvgLogos([logo('A', 'https://example.org/a.svg')], {
        signal: controller.signal,
        fetchSvg: async () => square('#000'),
      }),
    ).rejects.toThrow(/cancelled/);
  });

  it('lays nothing out once cancelled (a closed dialog or a left page)', async () => {
    const fetched = await fetchSvgSources([logo('A', 'https://example.org/a.svg')], {
      fetchSvg: async () => square('#000'),
    });
    await expect(
      buildSheet(fetched, sheetOptionsOf(DEFAULT_SHEET_CHOICE), AbortSignal.abort()),
    ).rejects.toThrow(/cancelled/);
  });

  it("builds the default sheet from the dialog's default choice", async () => {
    const logos = [
      logo('Red', 'https://example.org/red.svg'),
      logo('Blue', 'https://example.org/b.svg'),
    ];
    const fetched = await fetchSvgSources(logos, { fetchSvg: async () => square('#f00') });
    const sheet = await buildSheet(fetched, sheetOptionsOf(DEFAULT_SHEET_CHOICE));
    expect(sheet.svg).toBe(buildSvgSheet(fetched.inputs).svg);
    expect(sheet).toMatchObject({ width: 552, height: 184, included: 2 });
  });

  it('lays the fetched logos out again for every choice, without fetching them again', async () => {
    let fetches = 0;
    const logos = ['A', 'B', 'C', 'D'].map((t) => logo(t, `https://example.org/${t}.svg`));
    const fetched = await fetchSvgSources(logos, {
      fetchSvg: async () => {
        fetches += 1;
        return square('#0a0');
      },
    });
    const oneColumn = await buildSheet(
      fetched,
      sheetOptionsOf({ ...DEFAULT_SHEET_CHOICE, columns: 1, captions: false, background: 'dark' }),
    );
    expect(oneColumn).toMatchObject({ width: 184, height: 4 * 184, included: 4 });
    expect(oneColumn.svg).not.toContain('<text');
    expect(oneColumn.svg).toContain('fill="#18181b"');

    const wide = await buildSheet(
      fetched,
      sheetOptionsOf({
        ...DEFAULT_SHEET_CHOICE,
        columns: 8,
        cellSize: 256,
        background: 'transparent',
      }),
    );
    // The sheet is always columns × cell wide (docs/product.md#consolidated-sheet), even with fewer logos.
    expect(wide).toMatchObject({ width: 8 * 256, height: 256, included: 4 });
    expect(wide.svg).toContain('<text');
    expect(wide.svg).not.toMatch(/<rect width="2048"/);
    expect(fetches).toBe(4);
  });
});
