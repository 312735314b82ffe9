import { Moon, Sun } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { useTheme } from '#client/hooks/use-theme.ts';
import { cn } from '#client/lib/cn.ts';

export function ThemeToggle({ className }: { className?: string }) {
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={toggleTheme}
      aria-label={label}
      title={label}
      className={cn('text-muted-foreground hover:text-foreground', className)}
    >
      {theme === 'dark' ? (
        <Sun aria-hidden className="size-[1.125rem]" />
      ) : (
        <Moon aria-hidden className="size-[1.125rem]" />
      )}
    </Button>
  );
}
