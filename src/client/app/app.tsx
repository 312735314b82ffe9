import { RouterProvider } from 'react-router';
import { AppProvider } from '#client/app/provider.tsx';
import { router } from '#client/app/router.tsx';

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
