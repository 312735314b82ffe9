import { Moon, Sun } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { useTheme } from '#client/hooks/use-theme.ts';
import { cn } from '#client/lib/cn.ts';

export function ThemeToggle({ className }: { className?: string }) {
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  const Icon = theme === 'dark' ? Sun : Moon;
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={toggleTheme}
      aria-label={label}
      title={label}
      className={cn('text-muted-foreground hover:text-foreground', className)}
    >
      <Icon aria-hidden className="size-[1.125rem]" />
    </Button>
  );
}
