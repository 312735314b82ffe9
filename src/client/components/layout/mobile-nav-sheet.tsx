import { useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { AccountLinks } from '#client/components/layout/account-links.tsx';
import { LogoMark } from '#client/components/layout/logo-mark.tsx';
import { LEGAL_NAV, MAIN_NAV, NavLinks } from '#client/components/layout/nav-links.tsx';
import { ThemeChoiceGroup } from '#client/components/layout/theme-choice-group.tsx';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '#client/components/ui/sheet.tsx';
import { cn } from '#client/lib/cn.ts';

/** The mobile menu panel (a Radix dialog), loaded on the first tap of the menu button. */
export function MobileNavSheet({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const { pathname } = useLocation();
  // A link to another page sends focus to its content (see AppShell), not back to the button.
  const leftPage = useRef(false);
  const navRef = useRef<HTMLElement>(null);

  const navigate = (to: string) => {
    leftPage.current = to !== pathname;
    onOpenChange(false);
  };

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        closeLabel="Close menu"
        // Radix skips links when it picks what to focus; in a menu of links, start on the first.
        onOpenAutoFocus={(event) => {
          const firstLink = navRef.current?.querySelector('a');
          if (!firstLink) return;
          event.preventDefault();
          firstLink.focus();
        }}
        onCloseAutoFocus={(event) => {
          // The menu button is not a Radix trigger (it is outside this lazy chunk).
          event.preventDefault();
          if (!leftPage.current) returnFocusTo.current?.focus();
          leftPage.current = false;
        }}
      >
        <div className="flex h-16 items-center gap-2.5 border-b px-5">
          <LogoMark className="size-7" />
          <SheetTitle>Menu</SheetTitle>
        </div>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>

        <nav ref={navRef} aria-label="Mobile" className="flex-1 overflow-y-auto px-3 py-4">
          <NavLinks
            items={[...MAIN_NAV, LEGAL_NAV]}
            className="flex flex-col gap-1"
            onNavigate={navigate}
            after={<ChevronRight aria-hidden className="size-4 opacity-60" />}
            linkClassName={(active) =>
              cn(
                'flex h-12 items-center justify-between rounded-xl px-3 text-base font-medium transition-colors hover:bg-muted',
                active ? 'bg-muted text-foreground' : 'text-muted-foreground hover:text-foreground',
              )
            }
          />
        </nav>

        <div className="flex flex-col gap-4 border-t p-5">
          <AccountLinks layout="menu" onNavigate={navigate} />
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
            <span id="mobile-appearance">Appearance</span>
            <ThemeChoiceGroup labelledBy="mobile-appearance" />
          </div>
        </div>
      </SheetContent>
    </Sheet>
  );
}
