import type { ComponentProps } from 'react';
import { Check } from 'lucide-react';
import { cn } from '#client/lib/cn.ts';

/** A plan's features as a checked list; `highlight` fills the checks with the Premium colour. */
export function FeatureList({
  features,
  highlight = false,
  className,
  ...props
}: ComponentProps<'ul'> & { features: readonly string[]; highlight?: boolean }) {
  return (
    <ul className={cn('grid gap-3 text-sm', className)} {...props}>
      {features.map((feature) => (
        <li key={feature} className="flex items-start gap-3">
          <span
            aria-hidden
            className={cn(
              'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full',
              highlight ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
            )}
          >
            <Check className="size-3.5" strokeWidth={3} />
          </span>
          {feature}
        </li>
      ))}
    </ul>
  );
}
