import { useEffect, useEffectEvent } from 'react';
import { hasCommandModifier, isTypingTarget } from '../keyboard-shortcuts.ts';

/**
 * A one-key shortcut for the whole page ('/' for the search box, '?' for the shortcut sheet). It
 * stays out of the way while the visitor types, holds Ctrl, Alt or ⌘, or has a dialog open (focus
 * belongs inside it).
 */
export function usePageShortcut(key: string, onPress: () => void, enabled = true) {
  const press = useEffectEvent(onPress);
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== key || hasCommandModifier(event)) return;
      if (event.defaultPrevented || isTypingTarget(event.target)) return;
      if (document.querySelector('[role="dialog"][data-state="open"]')) return;
      event.preventDefault();
      press();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [key, enabled]);
}
