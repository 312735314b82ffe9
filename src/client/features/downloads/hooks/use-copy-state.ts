import { useEffect, useState } from 'react';

/** How long a button reads 'Copied!' after a copy. */
const COPIED_LABEL_MS = 2000;

export type CopyState = 'idle' | 'copying' | 'copied';

/** Runs a copy and tracks its label: 'Copying...' while busy, then 'Copied!' for two seconds. */
export function useCopyState() {
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = window.setTimeout(() => setState('idle'), COPIED_LABEL_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const run = async (copy: () => Promise<void>): Promise<boolean> => {
    if (state === 'copying') return false;
    setState('copying');
    try {
      await copy();
      setState('copied');
      return true;
    } catch {
      setState('idle');
      return false;
    }
  };

  return { state, run };
}
