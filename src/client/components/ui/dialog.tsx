import { useCallback, useEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn, styled } from '#client/lib/cn.ts';

type ModalLayer = (event: KeyboardEvent) => void;

/*
 * Open dialogs and sheets, newest last. Radix gives Escape to the newest layer, and a toast raised
 * from inside a dialog is newer than it: the toast hands Escape to the top modal here instead, so
 * Escape closes what the person is working in first (docs/product.md#formats-and-timings).
 */
const modalLayers: ModalLayer[] = [];

/**
 * Escape for the top open dialog or sheet, as if it had the key: its own `onEscapeKeyDown` may
 * refuse. False when none is open.
 */
export function escapeTopModal(event: KeyboardEvent): boolean {
  const top = modalLayers.at(-1);
  if (!top) return false;
  top(event);
  return true;
}

/**
 * A ref for an open modal's close button that registers the modal for `escapeTopModal` while the
 * button is on screen (the content unmounts when the modal closes, even if its parent stays).
 */
export function useModalLayer(onEscapeKeyDown: ((event: KeyboardEvent) => void) | undefined) {
  const onEscape = useRef(onEscapeKeyDown);
  useEffect(() => {
    onEscape.current = onEscapeKeyDown;
  });
  return useCallback((close: HTMLButtonElement | null) => {
    if (!close) return;
    const layer: ModalLayer = (event) => {
      onEscape.current?.(event);
      if (!event.defaultPrevented) close.click();
    };
    modalLayers.push(layer);
    return () => {
      modalLayers.splice(modalLayers.indexOf(layer), 1);
    };
  }, []);
}

/** A centred modal (Radix: focus trap, Esc and the overlay close it, focus returns to the opener). */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogContent({
  className,
  children,
  closeLabel = 'Close',
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { closeLabel?: string }) {
  const closeRef = useModalLayer(props.onEscapeKeyDown);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto overscroll-contain rounded-2xl border bg-background shadow-2xl outline-none data-[state=closed]:animate-fade-out data-[state=open]:animate-dialog-in',
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          ref={closeRef}
          aria-label={closeLabel}
          className="absolute top-3 right-3 inline-flex size-9 cursor-pointer items-center justify-center rounded-lg bg-background/80 text-muted-foreground backdrop-blur transition-colors hover:bg-muted hover:text-foreground"
        >
          <X className="size-5" aria-hidden />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export const DialogTitle = styled(
  DialogPrimitive.Title,
  'text-xl leading-tight font-semibold tracking-tight text-balance',
);
export const DialogDescription = styled(
  DialogPrimitive.Description,
  'text-sm/6 text-muted-foreground',
);

/** A dialog's title and sentence, clear of the close button. */
export function DialogHeader({
  title,
  description,
  className,
}: {
  title: ReactNode;
  description: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('grid gap-1.5 pr-8', className)}>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
    </div>
  );
}

/** A dialog's buttons: stacked on phones (the main one on top), on the right otherwise. */
export function DialogFooter(props: ComponentProps<'div'>) {
  return <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end" {...props} />;
}
