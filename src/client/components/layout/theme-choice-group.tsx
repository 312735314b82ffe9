import { ToggleGroup, ToggleGroupItem } from '#client/components/ui/toggle-group.tsx';
import { isThemeChoice, THEME_CHOICES, useTheme } from '#client/hooks/use-theme.ts';
import { THEME_CHOICE_LABELS } from './theme-toggle.tsx';

/** The mobile menu's appearance choice: System, Light and Dark side by side. */
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
        const { label, Icon } = THEME_CHOICE_LABELS[id];
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
