import { externalStore } from '#client/lib/external-store.ts';

interface UpgradeDialogState {
  open: boolean;
  /** Something that may open the dialog has started (a download): load it now, ready to open. */
  prepared: boolean;
  /** Why it opened (a limit's message): a modal hides the toast that said so from screen readers. */
  reason: string | null;
  /** Run once the dialog is on screen (see `openUpgradeDialog`). */
  afterOpen: (() => void) | null;
}

// One upgrade dialog for the whole app, opened by any code that hits a limit or a Premium feature.
const store = externalStore<UpgradeDialogState>({
  open: false,
  prepared: false,
  reason: null,
  afterOpen: null,
});

/**
 * Opens the dialog. `afterOpen` runs once it is on screen: a toast raised there comes after the
 * modal's layer and stays clickable (Radix disables pointer events on layers older than a modal).
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

/** Call when an action that may end in the dialog starts: its code loads during the request. */
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
