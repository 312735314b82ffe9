import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useCurrentToast } from '#client/components/ui/use-toast.ts';
import { UpgradeDialog } from '#client/app/upgrade-dialog.tsx';
import { useViewer } from '#client/app/require-user.tsx';
import { lazyPart, useHydrated } from '#client/lib/hydration.tsx';

const loadToaster = () => import('#client/components/ui/toast.tsx');
const Toaster = lazy(async () => ({ default: (await loadToaster()).Toaster }));

/** The toaster (a tenth of the first page's JavaScript) is fetched when idle, mounted when needed. */
function ToasterOnDemand() {
  const [needed, setNeeded] = useState(false);
  if (useCurrentToast() && !needed) setNeeded(true);
  useEffect(() => {
    const preload = () => void loadToaster();
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(preload, { timeout: 3000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(preload, 1000);
    return () => clearTimeout(timer);
  }, []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

// Only signed-in visitors need it, so guests' first page does not carry it.
const MergeBrowserFavourites = lazyPart(
  async () =>
    (await import('#client/features/favourites/components/merge-browser-favourites.tsx'))
      .MergeBrowserFavourites,
);

/**
 * A guest's favourites move to the account on whichever page they sign in (or sign up). It reads
 * this browser's storage, so only once the page is live: never in the server's render.
 */
function FavouritesMergeOnSignIn() {
  const viewer = useViewer();
  const hydrated = useHydrated();
  if (!hydrated || (viewer !== 'free' && viewer !== 'premium')) return null;
  return <MergeBrowserFavourites />;
}

/** App-wide providers; the toaster and upgrade dialog sit outside the router, usable anywhere. */
export function AppProvider({
  queryClient,
  children,
}: {
  /** The browser's one client, or a fresh one per page the server renders. */
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <UpgradeDialog />
      <ToasterOnDemand />
      <FavouritesMergeOnSignIn />
    </QueryClientProvider>
  );
}
