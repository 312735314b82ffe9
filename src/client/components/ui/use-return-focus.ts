import { useRef, type RefObject } from 'react';

/**
 * Props for a Radix `DialogContent` opened without a `DialogTrigger` (from a table row, or after
 * another dialog): Radix returns focus only to its trigger, so this remembers what had focus when
 * the dialog opened and puts it back on close — or on `fallback` when that element is gone (the
 * row of a deleted user).
 */
export function useReturnFocus(fallback?: RefObject<HTMLElement | null>) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      // Radix calls this before moving focus into the dialog.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current?.isConnected ? opener.current : fallback?.current;
      if (!target) return;
      event.preventDefault();
      target.focus();
    },
  };
}
