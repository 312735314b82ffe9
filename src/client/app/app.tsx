import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import type { DataRouter } from 'react-router';
import { AppProvider } from '#client/app/provider.tsx';
import { useRootHydrated } from '#client/lib/hydration.tsx';

export function App({ router, queryClient }: { router: DataRouter; queryClient: QueryClient }) {
  useRootHydrated();
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
