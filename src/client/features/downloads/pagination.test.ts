import { describe, expect, it } from 'vitest';
import { pageNumbers, paginate, showingText } from './pagination.ts';

const items = Array.from({ length: 12 }, (_, index) => index + 1);

describe('paginate', () => {
  it('shows ten per page with the range of the page', () => {
    const first = paginate(items, 1);
    expect(first).toMatchObject({ page: 1, pageCount: 2, first: 1, last: 10, total: 12 });
    expect(first.items).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(showingText(first)).toBe('Showing 1 - 10 of 12 downloads');

    const second = paginate(items, 2);
    expect(second.items).toEqual([11, 12]);
    expect(showingText(second)).toBe('Showing 11 - 12 of 12 downloads');
  });

  it('clamps a page out of range, so a shorter list never shows an empty page', () => {
    expect(paginate(items, 5).page).toBe(2);
    expect(paginate(items, 0).page).toBe(1);
    expect(paginate(items, Number.NaN).page).toBe(1);
    expect(paginate(items.slice(0, 10), 2)).toMatchObject({ page: 1, pageCount: 1, last: 10 });
  });

  it('has one empty page for an empty list', () => {
    expect(paginate([], 1)).toEqual({
      page: 1,
      pageCount: 1,
      items: [],
      first: 0,
      last: 0,
      total: 0,
    });
  });

  it('fills exactly full pages', () => {
    const twenty = Array.from({ length: 20 }, (_, index) => index);
    expect(paginate(twenty, 2)).toMatchObject({ pageCount: 2, first: 11, last: 20 });
  });
});

describe('pageNumbers', () => {
  it('lists every page when there are at most seven', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the ends and the neighbours of the current page, with gaps', () => {
    expect(pageNumbers(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageNumbers(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageNumbers(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageNumbers(17, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
    expect(pageNumbers(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });
});
