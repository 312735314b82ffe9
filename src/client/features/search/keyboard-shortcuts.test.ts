import { describe, expect, it } from 'vitest';
import {
  gridShortcut,
  hasCommandModifier,
  nextGridIndex,
  type KeyPress,
} from './keyboard-shortcuts.ts';

describe('nextGridIndex', () => {
  // Seven cards, three to a row:
  //   0 1 2
  //   3 4 5
  //   6
  const boxes = (count: number, columns: number) =>
    Array.from({ length: count }, (_, at) => ({
      top: Math.floor(at / columns) * 320 + (at % 2) * 0.4,
      left: (at % columns) * 300,
    }));
  const next = (key: string, index: number, count = 7, columns = 3) =>
    nextGridIndex(key, index, boxes(count, columns));

  it('steps one card with Left and Right, across the end of a row', () => {
    expect(next('ArrowRight', 0)).toBe(1);
    expect(next('ArrowRight', 2)).toBe(3);
    expect(next('ArrowLeft', 3)).toBe(2);
    expect(next('ArrowLeft', 5)).toBe(4);
  });

  it('stops at the first and last card', () => {
    expect(next('ArrowLeft', 0)).toBeNull();
    expect(next('ArrowRight', 6)).toBeNull();
    expect(next('Home', 0)).toBeNull();
    expect(next('End', 6)).toBeNull();
  });

  it('keeps the column with Up and Down', () => {
    expect(next('ArrowDown', 1)).toBe(4);
    expect(next('ArrowDown', 3)).toBe(6);
    expect(next('ArrowUp', 4)).toBe(1);
    expect(next('ArrowUp', 6)).toBe(3);
  });

  it('does not move up from the first row, nor down from the last', () => {
    for (const index of [0, 1, 2]) expect(next('ArrowUp', index)).toBeNull();
    expect(next('ArrowDown', 6)).toBeNull();
  });

  it('goes down to the last card when the row below is shorter', () => {
    expect(next('ArrowDown', 4)).toBe(6);
    expect(next('ArrowDown', 5)).toBe(6);
  });

  it('goes to the first and last card with Home and End', () => {
    expect(next('Home', 5)).toBe(0);
    expect(next('End', 1)).toBe(6);
  });

  it('moves one card with every arrow in a single column (the list layout, a phone)', () => {
    expect(next('ArrowDown', 2, 4, 1)).toBe(3);
    expect(next('ArrowUp', 2, 4, 1)).toBe(1);
    expect(next('ArrowRight', 2, 4, 1)).toBe(3);
    expect(next('ArrowDown', 3, 4, 1)).toBeNull();
  });

  it('handles one card, no cards, and a full last row', () => {
    expect(next('ArrowRight', 0, 1, 3)).toBeNull();
    expect(next('End', 0, 1, 3)).toBeNull();
    expect(next('ArrowDown', 0, 0, 3)).toBeNull();
    expect(next('ArrowDown', 2, 6, 3)).toBe(5);
    expect(next('ArrowDown', 5, 6, 3)).toBeNull();
  });

  it('treats an index out of range as the nearest card', () => {
    expect(next('ArrowLeft', 10, 7, 3)).toBe(5);
  });

  it('goes on from one group of cards to the next, under a heading', () => {
    // Two groups: five cards (0 1 2 / 3 4), a heading, then four (5 6 7 / 8).
    const grouped = [...boxes(5, 3), ...boxes(4, 3).map((box) => ({ ...box, top: box.top + 740 }))];
    expect(nextGridIndex('ArrowRight', 4, grouped)).toBe(5);
    expect(nextGridIndex('ArrowLeft', 5, grouped)).toBe(4);
    expect(nextGridIndex('ArrowDown', 4, grouped)).toBe(6);
    expect(nextGridIndex('ArrowDown', 2, grouped)).toBe(4);
    expect(nextGridIndex('ArrowUp', 7, grouped)).toBe(4);
    expect(nextGridIndex('ArrowUp', 8, grouped)).toBe(5);
  });

  it('ignores every other key', () => {
    for (const key of ['Enter', ' ', 'Tab', 'PageDown', 'd', 'Escape']) {
      expect(next(key, 1)).toBeNull();
    }
  });
});

describe('gridShortcut', () => {
  const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
    key,
    shiftKey: false,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...extra,
  });

  it('downloads with d and copies with c, in and out of batch mode', () => {
    for (const batchMode of [false, true]) {
      expect(gridShortcut(press('d'), batchMode)).toBe('download');
      expect(gridShortcut(press('c'), batchMode)).toBe('copy');
    }
  });

  it('toggles with x and downloads the selection with Shift+D only in batch mode', () => {
    expect(gridShortcut(press('x'), true)).toBe('toggle');
    expect(gridShortcut(press('D', { shiftKey: true }), true)).toBe('download-selection');
    expect(gridShortcut(press('x'), false)).toBeNull();
    expect(gridShortcut(press('D', { shiftKey: true }), false)).toBeNull();
  });

  it('reads Caps Lock letters as the plain ones', () => {
    expect(gridShortcut(press('D'), true)).toBe('download');
    expect(gridShortcut(press('C'), false)).toBe('copy');
    expect(gridShortcut(press('X'), true)).toBe('toggle');
  });

  it('leaves Ctrl, Alt and ⌘ combinations, and Shift with other letters, to the browser', () => {
    for (const modifier of ['ctrlKey', 'metaKey', 'altKey'] as const) {
      expect(hasCommandModifier(press('c', { [modifier]: true }))).toBe(true);
      expect(gridShortcut(press('c', { [modifier]: true }), true)).toBeNull();
      expect(gridShortcut(press('d', { [modifier]: true }), true)).toBeNull();
    }
    expect(gridShortcut(press('C', { shiftKey: true }), true)).toBeNull();
    expect(gridShortcut(press('X', { shiftKey: true }), true)).toBeNull();
    expect(hasCommandModifier(press('D', { shiftKey: true }))).toBe(false);
  });

  it('does nothing for other keys', () => {
    for (const key of ['a', 'Enter', '?', '/', 'ArrowDown']) {
      expect(gridShortcut(press(key), true)).toBeNull();
    }
  });
});
