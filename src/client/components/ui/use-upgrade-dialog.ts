import { useSyncExternalStore } from 'react';

interface UpgradeDialogState {
  open: boolean;
  /** Something that may open the dialog has started (a download): load it now, ready to open. */
  prepared: boolean;
  /**
   * Why the dialog opened (a download limit's message), shown above the plans so the reason is
   * heard too: a modal hides the toast that announced it from screen readers.
   */
  reason: string | null;
  /** Run once the dialog is on screen (see `openUpgradeDialog`). */
  afterOpen: (() => void) | null;
}

/*
 * The upgrade dialog is one dialog for the whole app, opened from wherever a limit or
 * a Premium feature is hit — a download hook, a toast action, an allowance line. Like the toast
 * store it lives outside React, so any code can open it; the app mounts the one dialog that reads it.
 */
let state: UpgradeDialogState = { open: false, prepared: false, reason: null, afterOpen: null };
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * Opens the dialog. `afterOpen` runs once it is on screen: a toast that goes with it (the limit
 * toast and its Upgrade action) is raised there, so the toast's layer comes after the modal's and
 * stays clickable — Radix turns off pointer events on every layer that existed before a modal.
 */
export function openUpgradeDialog(options: { reason?: string; afterOpen?: () => void } = {}): void {
  state = {
    open: true,
    prepared: true,
    reason: options.reason ?? null,
    afterOpen: options.afterOpen ?? null,
  };
  emit();
}

/** Called by the dialog once it is on screen: runs the pending `afterOpen`, once. */
export function runUpgradeDialogAfterOpen(): void {
  const { afterOpen } = state;
  if (!afterOpen) return;
  state = { ...state, afterOpen: null };
  emit();
  afterOpen();
}

/**
 * Call when an action that may end in the dialog starts (a download): the dialog's code loads
 * while the request runs, so it opens without a wait.
 */
export function prepareUpgradeDialog(): void {
  if (state.prepared) return;
  state = { ...state, prepared: true };
  emit();
}

export function closeUpgradeDialog(): void {
  if (!state.open) return;
  // The reason stays while the dialog plays its closing animation.
  state = { ...state, open: false, afterOpen: null };
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const closed: UpgradeDialogState = { open: false, prepared: false, reason: null, afterOpen: null };

export function useUpgradeDialog(): UpgradeDialogState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => closed,
  );
}
