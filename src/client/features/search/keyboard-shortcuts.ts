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

/** Where a card is drawn (its top-left corner). */
export type CardBox = { top: number; left: number };

/** Sub-pixel layout can put cards of one row a fraction of a pixel apart. */
const sameRow = (a: number, b: number) => Math.abs(a - b) < 1;

/**
 * Where focus goes from card `index` on `key`, from where the cards are drawn; null when it stays.
 * Left and Right continue across rows (and from one group of cards to the next); Up and Down go to
 * the row above or below, to its card nearest the same column, so a shorter row or a group with
 * another number of cards never traps focus.
 */
export function nextGridIndex(
  key: string,
  index: number,
  boxes: readonly CardBox[],
): number | null {
  const count = boxes.length;
  if (count <= 0 || !GRID_MOVE_KEYS.has(key)) return null;
  const last = count - 1;
  const current = Math.min(Math.max(index, 0), last);
  let next: number;
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    const here = boxes[current]!;
    const down = key === 'ArrowDown';
    const beyond = boxes
      .map((box, at) => ({ box, at }))
      .filter(({ box }) => !sameRow(box.top, here.top) && box.top > here.top === down);
    if (beyond.length === 0) return null;
    const tops = beyond.map(({ box }) => box.top);
    const rowTop = down ? Math.min(...tops) : Math.max(...tops);
    const row = beyond.filter(({ box }) => sameRow(box.top, rowTop));
    const distance = (box: CardBox) => Math.abs(box.left - here.left);
    next = row.reduce((best, card) => (distance(card.box) < distance(best.box) ? card : best)).at;
  } else {
    const moves: Record<string, number> = {
      ArrowLeft: current - 1,
      ArrowRight: current + 1,
      Home: 0,
      End: last,
    };
    next = moves[key]!;
  }
  return next < 0 || next > last || next === current ? null : next;
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
