import { lazy, Suspense, type ComponentType } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { matchRoutes, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { AppShell } from '#client/components/layout/app-shell.tsx';
import { HomeRoute } from '#client/app/routes/home.tsx';
import { NotFoundRoute } from '#client/app/routes/not-found.tsx';
import { RouteError } from '#client/app/routes/route-error.tsx';
import { loadingPages } from '#client/lib/page-loading.ts';

/*
 * React Router in its declarative mode: the app has no loaders or actions (TanStack Query fetches),
 * and the data router is twice the code on every page's first load
 * (docs/decisions/052-declarative-router.md).
 */

interface LazyPage {
  path: string;
  load: () => Promise<ComponentType>;
  /** React.lazy, until `loadCurrentPage` swaps in the loaded component for the first render. */
  Component: ComponentType;
}

function lazyPage(path: string, load: () => Promise<ComponentType>): LazyPage {
  const counted = async () => {
    loadingPages.set(loadingPages.get() + 1);
    try {
      return { default: await load() };
    } finally {
      loadingPages.set(loadingPages.get() - 1);
    }
  };
  return { path, load, Component: lazy(counted) };
}

// Each page except home and 404 is its own chunk, loaded on first visit: the home page stays
// small, and later, heavier pages (dashboard, admin) cost nothing until someone opens them.
const LAZY_PAGES: LazyPage[] = [
  lazyPage('search', async () => (await import('./routes/search.tsx')).SearchRoute),
  lazyPage('brand/:qid', async () => (await import('./routes/brand.tsx')).BrandRoute),
  lazyPage('about', async () => (await import('./routes/about.tsx')).AboutRoute),
  lazyPage('wall', async () => (await import('./routes/wall.tsx')).WallRoute),
  lazyPage('premium', async () => (await import('./routes/premium.tsx')).PremiumRoute),
  lazyPage('legal', async () => (await import('./routes/legal.tsx')).LegalRoute),
  lazyPage('contact', async () => (await import('./routes/contact.tsx')).ContactRoute),
  lazyPage('auth', async () => (await import('./routes/auth.tsx')).AuthRoute),
  lazyPage('dashboard', async () => (await import('./routes/dashboard.tsx')).DashboardRoute),
  lazyPage('admin', async () => (await import('./routes/admin.tsx')).AdminRoute),
  lazyPage('admin-login', async () => (await import('./routes/admin-login.tsx')).AdminLoginRoute),
  lazyPage(
    'reset-password',
    async () => (await import('./routes/reset-password.tsx')).ResetPasswordRoute,
  ),
  lazyPage(
    'verify-email',
    async () => (await import('./routes/verify-email.tsx')).VerifyEmailRoute,
  ),
  lazyPage(
    'subscription-success',
    async () => (await import('./routes/subscription-success.tsx')).SubscriptionSuccessRoute,
  ),
  lazyPage(
    'subscription-cancel',
    async () => (await import('./routes/subscription-cancel.tsx')).SubscriptionCancelRoute,
  ),
];

/** Read at render time, so a page loaded before the first render renders without suspending. */
function Page({ page }: { page: LazyPage }) {
  return <page.Component />;
}

/**
 * Pages fail inside the shell, so the header and footer keep working; leaving the page clears
 * the error. A page whose chunk is loading keeps the previous page on screen: navigations are
 * transitions, and this boundary already shows content.
 */
function PageBoundary() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      resetKeys={[pathname]}
      fallbackRender={({ error }) => <RouteError error={error} />}
    >
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}

const NOT_FOUND_PATH = '*';

const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      {
        element: <PageBoundary />,
        children: [
          { index: true, element: <HomeRoute /> },
          ...LAZY_PAGES.map((page) => ({ path: page.path, element: <Page page={page} /> })),
          { path: NOT_FOUND_PATH, element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

function leafRoute(pathname: string): RouteObject | undefined {
  return matchRoutes(routes, pathname)?.at(-1)?.route;
}

/** The server answers 404 for the catch-all page. */
export function isNotFound(pathname: string): boolean {
  return leafRoute(pathname)?.path === NOT_FOUND_PATH;
}

/**
 * Loads the page at this address before the first render, so the server renders it whole and the
 * browser hydrates the server's markup instead of suspending on it.
 */
export async function loadCurrentPage(pathname: string): Promise<void> {
  const page = lazyPageAt(pathname);
  if (page) page.Component = await page.load();
}

const lazyPageAt = (pathname: string) =>
  LAZY_PAGES.find(({ path }) => path === leafRoute(pathname)?.path);

/** Whether the page at this address is a lazy chunk (every page but home and 404). */
export const isLazyPage = (pathname: string) => lazyPageAt(pathname) !== undefined;

/** Every page, inside the shell; without a shell, the root error falls back to the bare panel. */
export function AppRoutes() {
  return (
    <ErrorBoundary fallbackRender={({ error }) => <RouteError error={error} />}>
      {useRoutes(routes)}
    </ErrorBoundary>
  );
}
