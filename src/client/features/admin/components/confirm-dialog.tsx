import type { ReactNode, RefObject } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { useReturnFocus } from '../hooks/use-return-focus.ts';

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
  pending?: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  /** Where focus goes on close when the button that opened the dialog is gone. */
  returnFocusFallback?: RefObject<HTMLElement | null>;
}) {
  const returnFocus = useReturnFocus(returnFocusFallback);
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="grid gap-5 p-6" {...returnFocus}>
        <div className="grid gap-2 pr-8">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription asChild>
            <div className="grid gap-2">{description}</div>
          </DialogDescription>
        </div>
        {children}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant={destructive ? 'destructive' : 'primary'}
            disabled={pending}
            onClick={onConfirm}
          >
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
