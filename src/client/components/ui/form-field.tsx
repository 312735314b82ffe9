import { useId, type ComponentProps, type ReactNode } from 'react';
import { Input } from '#client/components/ui/input.tsx';
import { cn } from '#client/lib/cn.ts';

/**
 * A labelled input with its hint and its validation message, wired for screen readers. Spread
 * `form.field(name)` from `useZodForm` into it. `action` sits beside the input (a form of one
 * field and its button); `alert` announces the message as soon as it appears.
 */
export function FormField({
  label,
  error,
  hint,
  action,
  alert = false,
  className,
  inputClassName,
  ...inputProps
}: ComponentProps<'input'> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  action?: ReactNode;
  alert?: boolean;
  inputClassName?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const input = (
    <Input
      id={id}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
      className={cn(inputClassName, error && 'border-destructive')}
      {...inputProps}
    />
  );
  return (
    <div className={cn('grid gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {action ? (
        <div className="flex flex-col gap-2 sm:flex-row">
          {input}
          {action}
        </div>
      ) : (
        input
      )}
      {hint && (
        <p id={hintId} className="text-xs/5 text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p
          id={errorId}
          role={alert ? 'alert' : undefined}
          className="text-sm text-red-700 dark:text-red-300"
        >
          {error}
        </p>
      )}
    </div>
  );
}
