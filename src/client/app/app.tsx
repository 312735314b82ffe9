import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppProvider } from '#client/app/provider.tsx';
import { AppRoutes } from '#client/app/router.tsx';
import { useRootHydrated } from '#client/lib/hydration.tsx';

export function App({ queryClient }: { queryClient: QueryClient }) {
  useRootHydrated();
  return (
    <BrowserRouter>
      <AppProvider queryClient={queryClient}>
        <AppRoutes />
      </AppProvider>
    </BrowserRouter>
  );
}
