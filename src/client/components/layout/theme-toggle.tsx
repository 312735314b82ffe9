import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { useTheme, type ThemeChoice } from '#client/hooks/use-theme.ts';
import { cn } from '#client/lib/cn.ts';

export const THEME_CHOICE_LABELS: Record<ThemeChoice, { label: string; Icon: LucideIcon }> = {
  system: { label: 'System', Icon: Monitor },
  light: { label: 'Light', Icon: Sun },
  dark: { label: 'Dark', Icon: Moon },
};

/** The header's appearance button, showing the current choice. */
export function ThemeButton({
  choice,
  className,
  ...props
}: { choice: ThemeChoice } & ComponentProps<typeof Button>) {
  const { label, Icon } = THEME_CHOICE_LABELS[choice];
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Appearance: ${label}`}
      title="Appearance"
      className={cn('text-muted-foreground hover:text-foreground', className)}
      {...props}
    >
      <Icon aria-hidden className="size-[1.125rem]" />
    </Button>
  );
}

const loadMenu = () => import('#client/components/layout/theme-menu.tsx');
const ThemeMenuLoaded = lazy(async () => ({ default: (await loadMenu()).ThemeMenuLoaded }));

/**
 * The header's appearance menu: System (the default), Light or Dark. Only the button is part of
 * the first load (every page has it); the menu (Radix, with its positioning) loads when wanted.
 */
export function ThemeMenu({ className }: { className?: string }) {
  const { choice } = useTheme();
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const waiting = <ThemeButton choice={choice} className={className} aria-haspopup="menu" />;
  if (!wanted) {
    return (
      <ThemeButton
        choice={choice}
        className={className}
        aria-haspopup="menu"
        aria-expanded={false}
        // Start fetching the menu as soon as a tap or click is likely.
        onPointerDown={() => void loadMenu()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      />
    );
  }
  return (
    <Suspense fallback={waiting}>
      <ThemeMenuLoaded open={open} onOpenChange={setOpen} className={className} />
    </Suspense>
  );
}
