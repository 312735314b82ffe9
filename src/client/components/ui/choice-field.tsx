import type { CSSProperties, ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';
import { ToggleGroup, ToggleGroupItem } from './toggle-group.tsx';

/** A labelled row of a form: the label (by `labelId`) names the control, a group or an input. */
export function Field({
  labelId,
  label,
  children,
  hint,
}: {
  labelId: string;
  label: ReactNode;
  children: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <span id={labelId} className="text-xs font-medium text-foreground">
        {label}
      </span>
      {children}
      {hint}
    </div>
  );
}

export type Choice<T> = {
  value: T;
  label: ReactNode;
  /** The accessible name when the label alone is too short ('2' → '2 columns'). */
  name?: string;
  className?: string;
};

/** A segmented one-of choice; pressing the pressed item again keeps it (a choice is needed). */
export function ChoiceField<T extends string | number>({
  labelId,
  label,
  value,
  choices,
  onChange,
  hint,
  className,
  itemClassName = 'px-3',
}: {
  labelId: string;
  label: ReactNode;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  hint?: ReactNode;
  className?: string;
  itemClassName?: string;
}) {
  return (
    <Field labelId={labelId} label={label} hint={hint}>
      <ToggleGroup
        type="single"
        value={String(value)}
        onValueChange={(picked) => {
          const found = choices.find((choice) => String(choice.value) === picked);
          if (found) onChange(found.value);
        }}
        aria-labelledby={labelId}
        className={cn('self-start', className)}
      >
        {choices.map((choice) => (
          <ToggleGroupItem
            key={String(choice.value)}
            value={String(choice.value)}
            aria-label={choice.name}
            className={cn(itemClassName, choice.className)}
          >
            {choice.label}
          </ToggleGroupItem>
        ))}
      </ToggleGroup>
    </Field>
  );
}

/** The usual picture of 'transparent': grey and white squares of `size` px. */
export function checkerboardStyle(size: number): CSSProperties {
  return {
    backgroundColor: '#ffffff',
    backgroundImage: 'conic-gradient(#d4d4d8 25%, #ffffff 0 50%, #d4d4d8 0 75%, #ffffff 0)',
    backgroundSize: `${size}px ${size}px`,
  };
}
