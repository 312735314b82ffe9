import { useState } from 'react';

export type ViewMode = 'grid' | 'list';

const STORAGE_KEY = 'logo-view';

function readViewMode(): ViewMode {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
}

/** Grid or list, remembered in this browser (a preference, not part of the address). */
export function useViewMode() {
  const [view, setViewState] = useState<ViewMode>(readViewMode);
  const setView = (next: ViewMode) => {
    setViewState(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Storage blocked: the choice lasts for this page view.
    }
  };
  return [view, setView] as const;
}
