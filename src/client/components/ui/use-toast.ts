import { useSyncExternalStore, type ReactNode } from 'react';

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
 * Only one toast shows at a time (docs/product.md), so the store holds a single toast: a new one replaces
 * whatever is on screen instead of stacking. It lives outside React so any code (a mutation's
 * onError, a download helper) can raise a toast without a hook.
 */
let current: ToastState | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function toast(options: ToastOptions): { id: number; dismiss: () => void } {
  const id = nextId++;
  current = { variant: 'default', ...options, id, open: true };
  emit();
  return { id, dismiss: () => dismissToast(id) };
}

/** Closes the toast with this id (or whichever is showing). A stale id is ignored. */
export function dismissToast(id?: number): void {
  if (!current || (id !== undefined && current.id !== id) || !current.open) return;
  current = { ...current, open: false };
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentToast(): ToastState | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
