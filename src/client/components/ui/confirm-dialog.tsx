import type { ReactNode, RefObject } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { useReturnFocus } from './use-return-focus.ts';

/**
 * Asks before an action that cannot be undone. 'Cancel' comes first, so it is what the focus lands
 * on when the dialog opens; the dialog stays open while the action runs and the caller closes it.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  pendingLabel,
  cancelLabel = 'Cancel',
  closeLabel,
  pending = false,
  destructive = false,
  onConfirm,
  returnFocusFallback,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  cancelLabel?: string;
  /** The corner close button's name, when 'Close' would be unclear. */
  closeLabel?: string;
  pending?: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  /** Where focus goes on close when the button that opened the dialog is gone. */
  returnFocusFallback?: RefObject<HTMLElement | null>;
}) {
  const returnFocus = useReturnFocus(returnFocusFallback);
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="grid gap-5 p-6" closeLabel={closeLabel} {...returnFocus}>
        <div className="grid gap-2 pr-8">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription asChild>
            <div className="grid gap-2">{description}</div>
          </DialogDescription>
        </div>
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              {cancelLabel}
            </Button>
          </DialogClose>
          <Button
            variant={destructive ? 'destructive' : 'primary'}
            disabled={pending}
            onClick={onConfirm}
          >
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
