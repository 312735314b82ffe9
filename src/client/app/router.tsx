import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type DataRouter, type RouteObject } from 'react-router';
import { AppShell } from '#client/components/layout/app-shell.tsx';
import { HomeRoute } from '#client/app/routes/home.tsx';
import { NotFoundRoute } from '#client/app/routes/not-found.tsx';
import { RouteError } from '#client/app/routes/route-error.tsx';

// Each page except home and 404 is its own chunk, loaded on first visit: the home page stays
// small, and later, heavier pages (dashboard, admin) cost nothing until someone opens them.
const LAZY_PAGES: Record<string, () => Promise<ComponentType>> = {
  search: async () => (await import('./routes/search.tsx')).SearchRoute,
  'brand/:qid': async () => (await import('./routes/brand.tsx')).BrandRoute,
  about: async () => (await import('./routes/about.tsx')).AboutRoute,
  wall: async () => (await import('./routes/wall.tsx')).WallRoute,
  premium: async () => (await import('./routes/premium.tsx')).PremiumRoute,
  legal: async () => (await import('./routes/legal.tsx')).LegalRoute,
  contact: async () => (await import('./routes/contact.tsx')).ContactRoute,
  auth: async () => (await import('./routes/auth.tsx')).AuthRoute,
  dashboard: async () => (await import('./routes/dashboard.tsx')).DashboardRoute,
  admin: async () => (await import('./routes/admin.tsx')).AdminRoute,
  'admin-login': async () => (await import('./routes/admin-login.tsx')).AdminLoginRoute,
  'reset-password': async () => (await import('./routes/reset-password.tsx')).ResetPasswordRoute,
  'verify-email': async () => (await import('./routes/verify-email.tsx')).VerifyEmailRoute,
  'subscription-success': async () =>
    (await import('./routes/subscription-success.tsx')).SubscriptionSuccessRoute,
  'subscription-cancel': async () =>
    (await import('./routes/subscription-cancel.tsx')).SubscriptionCancelRoute,
};

export const routes: RouteObject[] = [
  {
    Component: AppShell,
    // Without a shell, the root error falls back to the bare panel.
    ErrorBoundary: RouteError,
    // The first visit to a lazy page loads its chunk before anything renders.
    HydrateFallback: () => null,
    children: [
      {
        // Pages fail inside the shell, so the header and footer keep working.
        ErrorBoundary: RouteError,
        children: [
          { index: true, Component: HomeRoute },
          ...Object.entries(LAZY_PAGES).map(([path, load]) => ({
            path,
            lazy: async () => ({ Component: await load() }),
          })),
          { path: '*', Component: NotFoundRoute },
        ],
      },
    ],
  },
];

let browserRouter: DataRouter | null = null;

/**
 * The browser's router. The current address's lazy pages load first: otherwise the router would
 * start on its empty hydrate fallback and throw the server's markup away.
 */
export async function createAppRouter(): Promise<DataRouter> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
  browserRouter = createBrowserRouter(routes);
  return browserRouter;
}

/** Navigation for code outside the router's tree (the upgrade dialog sits beside it). */
export function navigateTo(path: string): void {
  if (browserRouter) void browserRouter.navigate(path);
  else window.location.assign(path);
}
