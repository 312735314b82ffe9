import { useEffect, useEffectEvent } from 'react';
import { hasCommandModifier, isTypingTarget } from '../keyboard-shortcuts.ts';

/** A one-key page shortcut, off while typing, with Ctrl, Alt or ⌘, or with a dialog open. */
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
