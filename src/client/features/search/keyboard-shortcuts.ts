/** The parts of a keyboard event the shortcuts look at (a plain object in tests). */
export type KeyPress = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>;

/** What a letter pressed on a focused logo card does. */
export type GridShortcut = 'download' | 'copy' | 'toggle' | 'download-selection';

/** Whether the visitor is typing somewhere, where a letter must stay a letter. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/** Ctrl, Alt or ⌘ held: the browser's and the system's shortcuts (Ctrl+C, ⌘+D) come first. */
export function hasCommandModifier(press: KeyPress): boolean {
  return press.ctrlKey || press.metaKey || press.altKey;
}

/** The keys that move focus between cards; they never scroll the page while a card has focus. */
const MOVE_KEYS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'];
export const GRID_MOVE_KEYS: ReadonlySet<string> = new Set(MOVE_KEYS);

/**
 * Where focus goes from card `index` of `count`, `columns` to a row, on `key`; null when it stays.
 * Left and Right continue across rows; Up and Down keep the column.
 */
export function nextGridIndex(
  key: string,
  index: number,
  count: number,
  columns: number,
): number | null {
  if (count <= 0 || !GRID_MOVE_KEYS.has(key)) return null;
  const last = count - 1;
  const current = Math.min(Math.max(index, 0), last);
  const perRow = Math.max(1, Math.floor(columns));
  const onLastRow = Math.floor(current / perRow) === Math.floor(last / perRow);
  const moves: Record<string, number> = {
    ArrowLeft: current - 1,
    ArrowRight: current + 1,
    ArrowUp: current - perRow,
    // Above a shorter last row, Down lands on its last card rather than nowhere.
    ArrowDown: onLastRow ? -1 : Math.min(current + perRow, last),
    Home: 0,
    End: last,
  };
  const next = moves[key]!;
  return next < 0 || next > last || next === current ? null : next;
}

/** The columns as rendered (whatever the CSS says), from the cards' top edges in order. */
export function columnCount(tops: readonly number[]): number {
  const first = tops[0];
  if (first === undefined) return 1;
  let columns = 0;
  // Sub-pixel layout can put cards of one row a fraction of a pixel apart.
  while (columns < tops.length && Math.abs(tops[columns]! - first) < 1) columns += 1;
  return columns;
}

/**
 * The letter shortcuts on a focused card (`d`, `c`, and in batch mode `x` and `Shift+D`). Compared
 * in lower case, so Caps Lock does not turn `d` into the batch download; only Shift does.
 */
export function gridShortcut(press: KeyPress, batchMode: boolean): GridShortcut | null {
  if (hasCommandModifier(press)) return null;
  const key = press.key.toLowerCase();
  if (key === 'd') {
    if (!press.shiftKey) return 'download';
    return batchMode ? 'download-selection' : null;
  }
  if (press.shiftKey) return null;
  if (key === 'c') return 'copy';
  if (key === 'x' && batchMode) return 'toggle';
  return null;
}
