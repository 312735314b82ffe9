import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';

/**
 * A labelled multi-line input, wired like `FormField` (label, hint, validation message for screen
 * readers). Spread `form.field(name)` from `useZodForm` into it.
 */
export function TextareaField({
  label,
  error,
  hint,
  className,
  ...textareaProps
}: ComponentProps<'textarea'> & { label: ReactNode; error?: string; hint?: ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={cn('grid gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={cn(
          'min-h-40 w-full min-w-0 rounded-lg border border-input bg-background px-3 py-2 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-ring disabled:cursor-not-allowed disabled:opacity-50 sm:text-sm',
          error && 'border-destructive',
        )}
        {...textareaProps}
      />
      {hint && (
        <p id={hintId} className="text-xs/5 text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
