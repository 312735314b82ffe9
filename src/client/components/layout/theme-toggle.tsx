import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';
import { ToggleGroup, ToggleGroupItem } from '#client/components/ui/toggle-group.tsx';
import {
  isThemeChoice,
  THEME_CHOICES,
  useTheme,
  type ThemeChoice,
} from '#client/hooks/use-theme.ts';
import { cn } from '#client/lib/cn.ts';

const CHOICE: Record<ThemeChoice, { label: string; Icon: LucideIcon }> = {
  system: { label: 'System', Icon: Monitor },
  light: { label: 'Light', Icon: Sun },
  dark: { label: 'Dark', Icon: Moon },
};

/** The header's appearance menu: System (the default), Light or Dark. */
export function ThemeMenu({ className }: { className?: string }) {
  const { choice, setChoice } = useTheme();
  const { label, Icon } = CHOICE[choice];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Appearance: ${label}`}
          title="Appearance"
          className={cn('text-muted-foreground hover:text-foreground', className)}
        >
          <Icon aria-hidden className="size-[1.125rem]" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-40">
        <DropdownMenuLabel>Appearance</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={choice}
          onValueChange={(value) => {
            if (isThemeChoice(value)) setChoice(value);
          }}
        >
          {THEME_CHOICES.map((id) => {
            const { label: itemLabel, Icon: ItemIcon } = CHOICE[id];
            return (
              <DropdownMenuRadioItem key={id} value={id}>
                <ItemIcon aria-hidden />
                {itemLabel}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The mobile menu's appearance choice: the same three, side by side. */
export function ThemeChoiceGroup({ labelledBy }: { labelledBy: string }) {
  const { choice, setChoice } = useTheme();
  return (
    <ToggleGroup
      type="single"
      value={choice}
      onValueChange={(value) => {
        if (isThemeChoice(value)) setChoice(value);
      }}
      aria-labelledby={labelledBy}
    >
      {THEME_CHOICES.map((id) => {
        const { label, Icon } = CHOICE[id];
        return (
          <ToggleGroupItem key={id} value={id} className="px-2.5">
            <Icon aria-hidden />
            {label}
          </ToggleGroupItem>
        );
      })}
    </ToggleGroup>
  );
}
