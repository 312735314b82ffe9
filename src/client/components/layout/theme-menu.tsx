import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';
import { isThemeChoice, THEME_CHOICES, useTheme } from '#client/hooks/use-theme.ts';
import { THEME_CHOICE_LABELS, ThemeButton } from './theme-toggle.tsx';

/** The appearance menu itself, loaded on the first use of the header's button (ThemeMenu). */
export function ThemeMenuLoaded({
  open,
  onOpenChange,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  className?: string;
}) {
  const { choice, setChoice } = useTheme();
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        <ThemeButton choice={choice} className={className} />
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
            const { label, Icon } = THEME_CHOICE_LABELS[id];
            return (
              <DropdownMenuRadioItem key={id} value={id}>
                <Icon aria-hidden />
                {label}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
