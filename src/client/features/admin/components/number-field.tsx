import { useId } from 'react';
import { Input } from '#client/components/ui/input.tsx';
import { cn } from '#client/lib/cn.ts';

/** A labelled whole-number input with its hint and validation message, wired for screen readers. */
export function NumberField({
  label,
  name,
  value,
  onValueChange,
  min,
  max,
  hint,
  error,
}: {
  label: string;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  min: number;
  max: number;
  hint: string;
  error?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        className={cn('sm:max-w-40', error && 'border-destructive')}
      />
      <p id={hintId} className="text-xs/5 text-muted-foreground">
        {hint}
      </p>
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
