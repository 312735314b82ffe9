import { useId, type ComponentProps, type ReactNode } from 'react';
import { Input } from '#client/components/ui/input.tsx';
import { cn } from '#client/lib/cn.ts';

/** A labelled input with its hint and its validation message, wired for screen readers. */
export function FormField({
  label,
  error,
  hint,
  className,
  ...inputProps
}: ComponentProps<'input'> & { label: ReactNode; error?: string; hint?: ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={cn('grid gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={cn(error && 'border-destructive')}
        {...inputProps}
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
