import type { ComponentProps } from 'react';
import { Dialog as SheetPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn, styled } from '#client/lib/cn.ts';
import { useModalLayer } from './dialog.tsx';

/** A dialog that slides in from the right edge: used for the mobile menu. */
export const Sheet = SheetPrimitive.Root;

export function SheetContent({
  className,
  children,
  closeLabel = 'Close',
  ...props
}: ComponentProps<typeof SheetPrimitive.Content> & { closeLabel?: string }) {
  const closeRef = useModalLayer(props.onEscapeKeyDown);
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
      <SheetPrimitive.Content
        className={cn(
          'fixed inset-y-0 right-0 z-50 flex h-full w-[min(20rem,calc(100vw-3rem))] flex-col border-l bg-background shadow-2xl outline-none data-[state=closed]:animate-sheet-out data-[state=open]:animate-sheet-in',
          className,
        )}
        {...props}
      >
        {children}
        <SheetPrimitive.Close
          ref={closeRef}
          aria-label={closeLabel}
          className="absolute top-3.5 right-3.5 inline-flex size-9 cursor-pointer items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
        >
          <X className="size-5" aria-hidden />
        </SheetPrimitive.Close>
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

export const SheetTitle = styled(SheetPrimitive.Title, 'text-base font-semibold');
export const SheetDescription = styled(SheetPrimitive.Description, 'text-sm text-muted-foreground');
