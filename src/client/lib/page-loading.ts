import { externalStore } from '#client/lib/external-store.ts';

/** How many page chunks are loading (app/router.tsx): the progress bar shows while one is. */
export const loadingPages = externalStore(0);

export const usePageLoading = () => loadingPages.use() > 0;
