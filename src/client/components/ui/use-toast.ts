import type { ReactNode } from 'react';
import { externalStore } from '#client/lib/external-store.ts';

type ToastVariant = 'default' | 'destructive';

export interface ToastAction {
  label: string;
  /** What the action does, for screen readers that read toasts out of context. Defaults to the label. */
  altText?: string;
  onClick: () => void;
}

interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  action?: ToastAction;
}

interface ToastState extends ToastOptions {
  id: number;
  open: boolean;
}

/*
 * Only one toast shows at a time (docs/product.md), so the store holds a single toast: a new one
 * replaces whatever is on screen instead of stacking. It lives outside React so any code (a
 * mutation's onError, a download helper) can raise a toast without a hook.
 */
const store = externalStore<ToastState | null>(null);
let nextId = 1;

export function toast(options: ToastOptions): { id: number; dismiss: () => void } {
  const id = nextId++;
  store.set({ variant: 'default', ...options, id, open: true });
  return { id, dismiss: () => dismissToast(id) };
}

/** Closes the toast with this id (or whichever is showing). A stale id is ignored. */
export function dismissToast(id?: number): void {
  const current = store.get();
  if (!current || (id !== undefined && current.id !== id) || !current.open) return;
  store.set({ ...current, open: false });
}

export const useCurrentToast = store.use;
