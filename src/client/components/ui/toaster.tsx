import {
  Toast,
  ToastAction,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from '#client/components/ui/toast.tsx';
import { dismissToast, useCurrentToast } from '#client/components/ui/use-toast.ts';

/** Renders the toast raised with `toast()`. Mounted once, in the app providers. */
export function Toaster() {
  const current = useCurrentToast();
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
      <ToastViewport />
    </ToastProvider>
  );
}
