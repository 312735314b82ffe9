import { Link, NavLink, useLocation } from 'react-router';
import { AccountLinks } from '#client/components/layout/account-links.tsx';
import { LogoMark } from '#client/components/layout/logo-mark.tsx';
import { MobileNav } from '#client/components/layout/mobile-nav.tsx';
import { isNavItemActive, MAIN_NAV } from '#client/components/layout/nav-links.ts';
import { ThemeToggle } from '#client/components/layout/theme-toggle.tsx';
import { cn } from '#client/lib/cn.ts';

export function SiteHeader() {
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b bg-header backdrop-blur-md backdrop-saturate-150">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to="/"
          className="-mx-1 flex items-center gap-2.5 rounded-lg px-1 py-1 text-[1.0625rem] font-semibold tracking-tight"
        >
          <LogoMark className="size-7" />
          WikiLogos
        </Link>

        <nav aria-label="Main" className="ml-4 hidden md:block">
          <ul className="flex items-center gap-1">
            {MAIN_NAV.map((item) => {
              const active = isNavItemActive(item, pathname);
              return (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end
                    className={cn(
                      'inline-flex h-9 items-center rounded-lg px-3 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground',
                      active ? 'text-foreground' : 'text-muted-foreground',
                      active && 'bg-muted',
                    )}
                  >
                    {item.label}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1.5">
          <ThemeToggle />
          <div className="hidden md:block">
            <AccountLinks layout="header" />
          </div>
          <MobileNav className="md:hidden" />
        </div>
      </div>
    </header>
  );
}
