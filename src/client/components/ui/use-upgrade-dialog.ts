import { externalStore } from '#client/lib/external-store.ts';

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
const store = externalStore<UpgradeDialogState>({
  open: false,
  prepared: false,
  reason: null,
  afterOpen: null,
});

/**
 * Opens the dialog. `afterOpen` runs once it is on screen: a toast that goes with it (the limit
 * toast and its Upgrade action) is raised there, so the toast's layer comes after the modal's and
 * stays clickable — Radix turns off pointer events on every layer that existed before a modal.
 */
export function openUpgradeDialog(options: { reason?: string; afterOpen?: () => void } = {}): void {
  store.set({
    open: true,
    prepared: true,
    reason: options.reason ?? null,
    afterOpen: options.afterOpen ?? null,
  });
}

/** Called by the dialog once it is on screen: runs the pending `afterOpen`, once. */
export function runUpgradeDialogAfterOpen(): void {
  const { afterOpen } = store.get();
  if (!afterOpen) return;
  store.set({ ...store.get(), afterOpen: null });
  afterOpen();
}

/**
 * Call when an action that may end in the dialog starts (a download): the dialog's code loads
 * while the request runs, so it opens without a wait.
 */
export function prepareUpgradeDialog(): void {
  if (store.get().prepared) return;
  store.set({ ...store.get(), prepared: true });
}

export function closeUpgradeDialog(): void {
  if (!store.get().open) return;
  // The reason stays while the dialog plays its closing animation.
  store.set({ ...store.get(), open: false, afterOpen: null });
}

export const useUpgradeDialog = store.use;
