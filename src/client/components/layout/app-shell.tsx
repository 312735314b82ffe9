import { useEffect, useRef, type MouseEvent } from 'react';
import { Outlet, ScrollRestoration, useLocation, type Location } from 'react-router';
import { NavigationProgress } from '#client/components/layout/navigation-progress.tsx';
import { SiteFooter } from '#client/components/layout/site-footer.tsx';
import { SiteHeader } from '#client/components/layout/site-header.tsx';
import { SessionEndedRedirect } from '#client/features/accounts/components/session-ended-redirect.tsx';

const MAIN_CONTENT_ID = 'main-content';

/*
 * Every page load starts on a history entry keyed 'default', so by default a fresh load of
 * /about#privacy-policy in a tab that earlier showed the home page "restores" the home page's
 * scroll position instead of jumping to the section. Keying first entries by their address avoids
 * that; later entries keep their unique keys, so Back and Forward restore as usual.
 */
function scrollKey(location: Location): string {
  return location.key === 'default' ? `${location.pathname}${location.hash}` : location.key;
}

/** Header, main landmark and footer around every page. */
export function AppShell() {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const previousPath = useRef(pathname);

  // After a client-side navigation, move focus to the new content the way a full page load
  // would reset it, so keyboard and screen-reader users start at the top of the new page.
  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    // Handled here so the skip link does not add '#main-content' to the address and history.
    event.preventDefault();
    mainRef.current?.focus();
    mainRef.current?.scrollIntoView();
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        onClick={skipToContent}
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[70] focus:rounded-lg focus:bg-primary focus:px-4 focus:py-2.5 focus:text-sm focus:font-medium focus:text-primary-foreground focus:shadow-lg"
      >
        Skip to content
      </a>
      <NavigationProgress />
      <SessionEndedRedirect />
      <SiteHeader />
      <main
        id={MAIN_CONTENT_ID}
        ref={mainRef}
        tabIndex={-1}
        className="flex-1 scroll-mt-16 outline-none"
      >
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}
