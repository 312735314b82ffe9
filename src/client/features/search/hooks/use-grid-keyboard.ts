import {
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import {
  GRID_MOVE_KEYS,
  gridShortcut,
  hasCommandModifier,
  isTypingTarget,
  nextGridIndex,
  type GridShortcut,
} from '../keyboard-shortcuts.ts';

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';
/** Where a parked element's own tabindex is kept ('' when it had none). */
const PARKED = 'data-grid-tabindex';

/** Marks each item of the grid: one list of cards, or several (one per group) in one container. */
export const GRID_ITEM_ATTRIBUTE = 'data-grid-item';

function itemsOf(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(`[${GRID_ITEM_ATTRIBUTE}]`)];
}

/** The item that holds `target`, or -1 (outside, or in a portal). */
function itemIndexOf(items: readonly HTMLElement[], target: EventTarget | null): number {
  if (!(target instanceof Node)) return -1;
  return items.findIndex((item) => item.contains(target));
}

/**
 * Takes the other items' focusables out of the Tab order and gives the active item's back: one Tab
 * stop, and Tab from a card reaches its own buttons. The contents come from other features, so
 * this works on the DOM, keeping and restoring an element's own tabindex.
 */
function parkTabStops(container: HTMLElement, activeIndex: number) {
  itemsOf(container).forEach((item, index) => {
    for (const element of item.querySelectorAll<HTMLElement>(FOCUSABLE)) {
      const parked = element.getAttribute(PARKED);
      if (index === activeIndex) {
        if (parked === null) continue;
        element.removeAttribute(PARKED);
        if (parked === '') element.removeAttribute('tabindex');
        else element.setAttribute('tabindex', parked);
      } else if (parked === null && element.tabIndex >= 0) {
        element.setAttribute(PARKED, element.getAttribute('tabindex') ?? '');
        element.setAttribute('tabindex', '-1');
      }
    }
  });
}

/** The element an item is focused on: its card's title button, else its first focusable. */
function focusTarget(item: Element): HTMLElement | null {
  return (
    item.querySelector<HTMLElement>('[data-card-trigger]') ??
    item.querySelector<HTMLElement>(FOCUSABLE)
  );
}

/**
 * A roving tabindex over the cards in `listRef` (marked `GRID_ITEM_ATTRIBUTE`, in one list or in
 * several groups): arrows move by a card or to the row above or below as drawn,
 * Home/End to the ends, `gridShortcut` letters act on the focused card (never while typing or with
 * Ctrl, Alt or ⌘). Enter and Space are left to the focused button.
 */
export function useGridKeyboard<T>({
  items,
  keyOf,
  batchMode,
  onShortcut,
}: {
  items: readonly T[];
  keyOf: (item: T) => string;
  batchMode: boolean;
  onShortcut: (shortcut: GridShortcut, item: T) => void;
}): {
  listRef: RefObject<HTMLDivElement | null>;
  /** The item that holds the grid's Tab stop (the first until another gets focus). */
  activeItem: T | undefined;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
} {
  const listRef = useRef<HTMLDivElement>(null);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  // Followed by key, so the stop stays on its card when cards are added or filtered away.
  const activeIndex = Math.max(
    0,
    items.findIndex((item) => keyOf(item) === activeKey),
  );

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    parkTabStops(list, activeIndex);
    // Cards and their buttons also change without this component rendering (more results, a
    // button's own state), so newly added elements are parked as they appear.
    const observer = new MutationObserver(() => parkTabStops(list, activeIndex));
    observer.observe(list, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [activeIndex]);

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const list = listRef.current;
    if (!list) return;
    const item = items[itemIndexOf(itemsOf(list), event.target)];
    if (item !== undefined) setActiveKey(keyOf(item));
  };

  const focusItem = (elements: readonly HTMLElement[], index: number) => {
    const item = elements[index];
    const target = item && focusTarget(item);
    if (!target) return;
    // Scrolled by the item, not the button, so the whole card shows (its scroll margins keep it
    // clear of the sticky header).
    target.focus({ preventScroll: true });
    item.scrollIntoView({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const list = listRef.current;
    if (!list || event.defaultPrevented || isTypingTarget(event.target)) return;
    const elements = itemsOf(list);
    const index = itemIndexOf(elements, event.target);
    const item = items[index];
    if (item === undefined) return;

    if (GRID_MOVE_KEYS.has(event.key)) {
      if (hasCommandModifier(event) || event.shiftKey) return;
      // At an edge focus stays, and the page does not scroll away from it either.
      event.preventDefault();
      const boxes = elements.map((element) => element.getBoundingClientRect());
      const next = nextGridIndex(event.key, index, boxes);
      if (next !== null) focusItem(elements, next);
      return;
    }

    const shortcut = gridShortcut(event, batchMode);
    if (shortcut === null) return;
    event.preventDefault();
    onShortcut(shortcut, item);
  };

  return { listRef, activeItem: items[activeIndex], onFocus, onKeyDown };
}
