import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type DataRouter, type RouteObject } from 'react-router';
import { AppShell } from '#client/components/layout/app-shell.tsx';
import { HomeRoute } from '#client/app/routes/home.tsx';
import { NotFoundRoute } from '#client/app/routes/not-found.tsx';
import { RouteError } from '#client/app/routes/route-error.tsx';

/**
 * Each page except home and 404 is its own chunk, loaded on first visit: the home page stays
 * small, and later, heavier pages (dashboard, admin) cost nothing until someone opens them.
 */
function page<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

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
          {
            path: 'search',
            lazy: page(
              () => import('./routes/search.tsx'),
              (m) => m.SearchRoute,
            ),
          },
          {
            path: 'about',
            lazy: page(
              () => import('./routes/about.tsx'),
              (m) => m.AboutRoute,
            ),
          },
          {
            path: 'premium',
            lazy: page(
              () => import('./routes/premium.tsx'),
              (m) => m.PremiumRoute,
            ),
          },
          {
            path: 'legal',
            lazy: page(
              () => import('./routes/legal.tsx'),
              (m) => m.LegalRoute,
            ),
          },
          {
            path: 'auth',
            lazy: page(
              () => import('./routes/auth.tsx'),
              (m) => m.AuthRoute,
            ),
          },
          {
            path: 'dashboard',
            lazy: page(
              () => import('./routes/dashboard.tsx'),
              (m) => m.DashboardRoute,
            ),
          },
          {
            path: 'admin',
            lazy: page(
              () => import('./routes/admin.tsx'),
              (m) => m.AdminRoute,
            ),
          },
          {
            path: 'admin-login',
            lazy: page(
              () => import('./routes/admin-login.tsx'),
              (m) => m.AdminLoginRoute,
            ),
          },
          {
            path: 'reset-password',
            lazy: page(
              () => import('./routes/reset-password.tsx'),
              (m) => m.ResetPasswordRoute,
            ),
          },
          {
            path: 'verify-email',
            lazy: page(
              () => import('./routes/verify-email.tsx'),
              (m) => m.VerifyEmailRoute,
            ),
          },
          {
            path: 'subscription-success',
            lazy: page(
              () => import('./routes/subscription-success.tsx'),
              (m) => m.SubscriptionSuccessRoute,
            ),
          },
          {
            path: 'subscription-cancel',
            lazy: page(
              () => import('./routes/subscription-cancel.tsx'),
              (m) => m.SubscriptionCancelRoute,
            ),
          },
          { path: '*', Component: NotFoundRoute },
        ],
      },
    ],
  },
];

let browserRouter: DataRouter | null = null;

/**
 * The browser's router. The server renders pages (entry-server.tsx), so before the first render
 * the lazy pages of the current address are loaded: otherwise the router would start on its
 * (empty) hydrate fallback and throw the server's markup away.
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
