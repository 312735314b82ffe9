import { lazy, Suspense, useRef, useState } from 'react';
import { Menu } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';

const loadSheet = () => import('#client/components/layout/mobile-nav-sheet.tsx');
const MobileNavSheet = lazy(async () => ({ default: (await loadSheet()).MobileNavSheet }));

/**
 * The header links in a slide-in panel for narrow screens. Only the button is part of the first
 * load; the panel (Radix dialog, scroll lock, focus trap) loads when it is first wanted.
 */
export function MobileNav({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        className={className}
        // Start fetching the panel as soon as a tap or click is likely.
        onPointerDown={() => void loadSheet()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden className="size-5" />
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileNavSheet open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
