import { storedPreference } from '#client/lib/stored-preference.ts';

export type ViewMode = 'grid' | 'list';

const isViewMode = (value: unknown): value is ViewMode => value === 'grid' || value === 'list';

/** Grid or list, remembered in this browser (a preference, not part of the address). */
export const useViewMode = storedPreference('logo-view', isViewMode, 'grid');
