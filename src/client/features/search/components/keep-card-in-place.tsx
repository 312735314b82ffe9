import { Component, type ReactNode } from 'react';
import { GRID_ITEM_ATTRIBUTE } from '../hooks/use-grid-keyboard.ts';

/** The card the visitor is on, where it was on screen, and what in it had the focus. */
type Anchor = { card: HTMLElement; top: number; focus: HTMLElement | null };

function anchorCard(): Anchor | null {
  const active = document.activeElement;
  const focused =
    active instanceof HTMLElement ? active.closest<HTMLElement>(`[${GRID_ITEM_ATTRIBUTE}]`) : null;
  const card =
    focused ?? [...document.querySelectorAll<HTMLElement>(`[${GRID_ITEM_ATTRIBUTE}]:hover`)].at(-1);
  if (!card) return null;
  return {
    card,
    top: card.getBoundingClientRect().top,
    focus: focused && active instanceof HTMLElement ? active : null,
  };
}

function putBack({ card, top, focus }: Anchor) {
  if (!card.isConnected) return;
  // A card React moved in the list lost the focus on the way (the DOM drops it from a moved node).
  if (focus?.isConnected && document.activeElement !== focus) focus.focus({ preventScroll: true });
  const shift = card.getBoundingClientRect().top - top;
  if (shift !== 0) window.scrollBy({ top: shift, behavior: 'instant' });
}

/**
 * Keeps the card the visitor is on (focused, else under the pointer) at its place on screen, and
 * focused, when `version` changes the logos around it: the official logos join the results above
 * it (docs/decisions/042-progressive-search-results.md). A class because React offers the layout
 * before a change (getSnapshotBeforeUpdate) to classes only.
 */
export class KeepCardInPlace extends Component<{ version: unknown; children: ReactNode }> {
  override getSnapshotBeforeUpdate(previous: { version: unknown }): Anchor | null {
    return previous.version === this.props.version ? null : anchorCard();
  }

  override componentDidUpdate(_props: unknown, _state: unknown, anchor: Anchor | null) {
    if (anchor) putBack(anchor);
  }

  override render() {
    return this.props.children;
  }
}
