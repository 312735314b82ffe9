import { useId } from 'react';
import { Check } from 'lucide-react';
import { Dialog, DialogContent, DialogHeader } from '#client/components/ui/dialog.tsx';
import { useReturnFocus } from '#client/components/ui/use-return-focus.ts';
import { cn } from '#client/lib/cn.ts';
import type { Logo } from '#shared/search/search.schemas.ts';
import { WallThumb } from './wall-thumb.tsx';

/**
 * 'Change': the logos found for one name, as a list of buttons (Tab or arrow keys to move, Enter
 * to pick); picking one closes the dialog.
 */
export function ChangeLogoDialog({
  name,
  choices,
  current,
  onPick,
  onOpenChange,
  open,
}: {
  name: string;
  choices: readonly Logo[];
  current: Logo;
  onPick: (logo: Logo) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const listId = useId();
  // Change is not a Radix trigger: focus goes back to it by hand.
  const returnFocus = useReturnFocus();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-2xl p-4 sm:p-6"
        closeLabel="Close logo choices"
        {...returnFocus}
      >
        <DialogHeader
          title={`Choose the logo for ${name}`}
          description={`${choices.length} ${choices.length === 1 ? 'logo was' : 'logos were'} found. The one you pick goes on the wall.`}
        />
        <ul
          id={listId}
          aria-label={`Logos for ${name}`}
          className="mt-4 grid grid-cols-1 gap-2 sm:grid-cols-2"
          onKeyDown={(event) => {
            if (!['ArrowDown', 'ArrowUp', 'ArrowRight', 'ArrowLeft'].includes(event.key)) return;
            const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
            const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
            const step = event.key === 'ArrowDown' || event.key === 'ArrowRight' ? 1 : -1;
            buttons[(at + step + buttons.length) % buttons.length]?.focus();
            event.preventDefault();
          }}
        >
          {choices.map((logo) => {
            const selected = logo.url === current.url;
            return (
              <li key={logo.url}>
                <button
                  type="button"
                  aria-pressed={selected}
                  onClick={() => onPick(logo)}
                  className={cn(
                    'flex w-full cursor-pointer items-center gap-3 rounded-xl border p-2.5 text-left transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
                    selected && 'border-primary ring-1 ring-primary',
                  )}
                >
                  <WallThumb logo={logo} className="h-14 w-24" />
                  <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                    <span className="line-clamp-2 text-sm font-medium break-words">
                      {logo.title}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {logo.fileType.toUpperCase()} · {logo.license ?? 'Unknown license'}
                    </span>
                  </span>
                  {selected && <Check aria-hidden className="size-4 text-primary" />}
                </button>
              </li>
            );
          })}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
