import { useEffect, useRef, type MouseEvent } from 'react';
import { Outlet, useLocation } from 'react-router';
import { NavigationProgress } from '#client/components/layout/navigation-progress.tsx';
import { SiteFooter } from '#client/components/layout/site-footer.tsx';
import { SiteHeader } from '#client/components/layout/site-header.tsx';
import { useScrollRestoration } from '#client/hooks/use-scroll-restoration.ts';
import { SessionEndedRedirect } from '#client/features/accounts/components/session-ended-redirect.tsx';

const MAIN_CONTENT_ID = 'main-content';

/** Header, main landmark and footer around every page. */
export function AppShell() {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const previousPath = useRef(pathname);
  useScrollRestoration();

  // After a client-side navigation focus moves to the new content, as a full page load resets it.
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
    </div>
  );
}
