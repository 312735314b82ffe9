import { useEffect, useLayoutEffect, useRef, useState, type ComponentProps } from 'react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import { cn, styled } from '#client/lib/cn.ts';
import { escapeTopModal } from './dialog.tsx';
import { dismissToast, useCurrentToast } from './use-toast.ts';

// Durations and swipe (docs/product.md): 5 s on screen, a 50 px swipe to the right dismisses.
const TOAST_DURATION_MS = 5000;
const TOAST_SWIPE_THRESHOLD_PX = 50;

function ToastProvider(props: ComponentProps<typeof ToastPrimitive.Provider>) {
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      {...props}
    />
  );
}

// At the bottom (above the batch bar, which sets `--fixed-bottom-bar`), or at the top when that
// would cover the button that raised the toast (see `useToastSide`): then under the header's
// 4rem, off its buttons too.
const ToastViewport = styled(
  ToastPrimitive.Viewport,
  'fixed right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none data-[side=bottom]:bottom-[var(--fixed-bottom-bar,0px)] data-[side=top]:top-16 sm:max-w-[420px]',
);

type Side = 'top' | 'bottom';

const overlaps = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The control a press or key went to; for a menu's item, the menu's trigger (the item goes). */
function controlOf(target: EventTarget | null): Element | null {
  if (!(target instanceof Element)) return null;
  const menu = target.closest('[role="menu"]');
  const trigger = menu?.id && document.querySelector(`[aria-controls="${CSS.escape(menu.id)}"]`);
  return trigger || target;
}

/**
 * Which edge a toast shows at: the bottom, unless there it would cover the control that raised it
 * (the one last pressed or keyed, or focused; for a menu's item, the menu's trigger), where the
 * person is looking. Decided before the toast is painted, once per toast.
 */
function useToastSide(id: number | undefined) {
  const viewport = useRef<HTMLOListElement>(null);
  const pressed = useRef<Element | null>(null);
  const [decided, setDecided] = useState<{ id: number; side: Side } | null>(null);

  useEffect(() => {
    const remember = (event: Event) => {
      pressed.current = controlOf(event.target);
    };
    document.addEventListener('pointerdown', remember, { capture: true });
    document.addEventListener('keydown', remember, { capture: true });
    return () => {
      document.removeEventListener('pointerdown', remember, { capture: true });
      document.removeEventListener('keydown', remember, { capture: true });
    };
  }, []);

  useLayoutEffect(() => {
    if (id === undefined || decided?.id === id || !viewport.current) return;
    const area = viewport.current.getBoundingClientRect();
    const covered = [pressed.current, document.activeElement].some(
      (element) =>
        element instanceof Element &&
        element.isConnected &&
        element !== document.body &&
        !viewport.current?.contains(element) &&
        overlaps(area, element.getBoundingClientRect()),
    );
    setDecided({ id, side: covered ? 'top' : 'bottom' });
  }, [id, decided]);

  const side: Side = decided && decided.id === id ? decided.side : 'bottom';
  return { viewport, side };
}

const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg data-[state=closed]:animate-toast-out data-[state=open]:animate-toast-in data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-toast-swipe-out data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
  {
    variants: {
      variant: {
        default: 'bg-popover text-popover-foreground',
        destructive: 'border-destructive bg-destructive text-destructive-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

function Toast({
  className,
  variant,
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>) {
  return (
    <ToastPrimitive.Root
      data-variant={variant ?? 'default'}
      className={cn(toastVariants({ variant }), className)}
      {...props}
    />
  );
}

const ToastTitle = styled(ToastPrimitive.Title, 'text-sm font-semibold');
const ToastDescription = styled(
  ToastPrimitive.Description,
  'text-sm text-muted-foreground group-data-[variant=destructive]:text-destructive-foreground',
);
const ToastAction = styled(
  ToastPrimitive.Action,
  'inline-flex h-8 shrink-0 cursor-pointer items-center justify-center self-center rounded-lg border border-input bg-transparent px-3 text-sm font-medium transition-colors hover:bg-muted group-data-[variant=destructive]:border-white/60 group-data-[variant=destructive]:hover:bg-white/15',
);

function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Close notification"
      className={cn(
        'absolute top-3 right-3 inline-flex size-6 cursor-pointer items-center justify-center rounded-md opacity-70 transition-opacity hover:opacity-100',
        className,
      )}
      {...props}
    >
      <X className="size-4" aria-hidden />
    </ToastPrimitive.Close>
  );
}

/** Renders the toast raised with `toast()`. Mounted once, in the app providers. */
export function Toaster() {
  const current = useCurrentToast();
  const { viewport, side } = useToastSide(current?.open ? current.id : undefined);
  const toastRef = useRef<HTMLLIElement>(null);
  return (
    <ToastProvider>
      {current && (
        <Toast
          // A new id remounts the toast, so a replacement restarts its timer and entry animation.
          key={current.id}
          open={current.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(current.id);
          }}
          variant={current.variant}
          type={current.variant === 'destructive' ? 'foreground' : 'background'}
          ref={toastRef}
          onEscapeKeyDown={(event) => {
            // The dialog the person is in closes first; Escape inside the toast closes the toast.
            const inToast =
              event.target instanceof Node && toastRef.current?.contains(event.target);
            if (!inToast && escapeTopModal(event)) event.preventDefault();
          }}
        >
          <div className="grid min-w-0 flex-1 gap-1">
            <ToastTitle>{current.title}</ToastTitle>
            {current.description && <ToastDescription>{current.description}</ToastDescription>}
          </div>
          {current.action && (
            <ToastAction
              altText={current.action.altText ?? current.action.label}
              onClick={current.action.onClick}
            >
              {current.action.label}
            </ToastAction>
          )}
          <ToastClose />
        </Toast>
      )}
      <ToastViewport ref={viewport} data-side={side} />
    </ToastProvider>
  );
}
