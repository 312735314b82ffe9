import { ChevronDown } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';
import { BackgroundSwatch } from './background-swatch.tsx';
import { usePreviewBackground } from '../hooks/use-preview-background.ts';
import {
  isPreviewBackground,
  PREVIEW_BACKGROUND_LABELS,
  PREVIEW_BACKGROUNDS,
} from '../preview-background.ts';

/**
 * The toolbar's choice of preview background for every card (and the detail dialog): white,
 * black, checkerboard or each logo's brand colour.
 */
export function PreviewBackgroundMenu() {
  const [background, setBackground] = usePreviewBackground();
  const label = PREVIEW_BACKGROUND_LABELS[background];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Preview background: ${label}`}
          title="Preview background"
          className="px-2.5"
        >
          <BackgroundSwatch background={background} />
          <span className="max-sm:hidden">Background</span>
          <ChevronDown aria-hidden className="size-3.5 text-muted-foreground" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-52">
        <DropdownMenuLabel>Preview background</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={background}
          onValueChange={(value) => {
            if (isPreviewBackground(value)) setBackground(value);
          }}
        >
          {PREVIEW_BACKGROUNDS.map((id) => (
            <DropdownMenuRadioItem key={id} value={id}>
              <BackgroundSwatch background={id} />
              {PREVIEW_BACKGROUND_LABELS[id]}
              {id === 'brand' && <span className="text-xs text-muted-foreground">where known</span>}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
