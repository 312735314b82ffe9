import type { RefObject } from 'react';
import { usePageShortcut } from './use-page-shortcut.ts';

/** '/' focuses the search box, as on most search sites, unless the visitor is typing somewhere. */
export function useSlashShortcut(inputRef: RefObject<HTMLInputElement | null>, enabled = true) {
  usePageShortcut(
    '/',
    () => {
      inputRef.current?.focus();
      inputRef.current?.select();
    },
    enabled,
  );
}
