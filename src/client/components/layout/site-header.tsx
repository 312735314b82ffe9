import { AccountLinks } from '#client/components/layout/account-links.tsx';
import { HomeLink } from '#client/components/layout/logo-mark.tsx';
import { MobileNav } from '#client/components/layout/mobile-nav.tsx';
import { MAIN_NAV, NavLinks } from '#client/components/layout/nav-links.tsx';
import { ThemeMenu } from '#client/components/layout/theme-toggle.tsx';
import { cn } from '#client/lib/cn.ts';

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-header backdrop-blur-md backdrop-saturate-150">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <HomeLink className="flex text-[1.0625rem]" />

        <nav aria-label="Main" className="ml-4 hidden md:block">
          <NavLinks
            items={MAIN_NAV}
            className="flex items-center gap-1"
            linkClassName={(active) =>
              cn(
                'inline-flex h-9 items-center rounded-lg px-3 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground',
                active ? 'bg-muted text-foreground' : 'text-muted-foreground',
              )
            }
          />
        </nav>

        <div className="ml-auto flex items-center gap-1.5">
          <ThemeMenu />
          <div className="hidden md:block">
            <AccountLinks layout="header" />
          </div>
          <MobileNav className="md:hidden" />
        </div>
      </div>
    </header>
  );
}
