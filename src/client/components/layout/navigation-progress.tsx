import { usePageLoading } from '#client/lib/page-loading.ts';

/**
 * A thin bar at the top while the next page's code loads (pages are split into separate chunks),
 * so a click on a slow connection visibly does something.
 */
export function NavigationProgress() {
  if (!usePageLoading()) return null;
  return (
    <div
      aria-hidden
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden"
    >
      <div className="h-full origin-left animate-progress bg-primary" />
    </div>
  );
}
