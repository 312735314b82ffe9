import { useRef, type RefObject } from 'react';

/**
 * Props for a Radix `DialogContent` that gives focus back to what had it when it opened (Radix
 * only returns it to a trigger), or to `fallback` when that is gone (a deleted user's row).
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
