import type { ComponentProps, ReactNode } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '#client/lib/cn.ts';

const noticeVariants = cva(
  'flex items-start gap-3 rounded-xl border px-4 py-3 text-sm/6 [&>svg]:mt-0.5 [&>svg]:size-[1.125rem] [&>svg]:shrink-0',
  {
    variants: {
      variant: {
        info: 'border-border bg-surface text-foreground [&>svg]:text-link',
        warning:
          'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800/70 dark:bg-amber-950/40 dark:text-amber-100 [&>svg]:text-amber-700 dark:[&>svg]:text-amber-300',
        /** A highlighted aside in long-form pages (About, Legal). */
        accent:
          'gap-4 border-primary/30 bg-accent p-4 text-accent-foreground sm:p-5 [&>svg]:size-5',
      },
    },
    defaultVariants: { variant: 'info' },
  },
);

/** An inline message on the page (not a toast): it stays while it is true. */
export function Notice({
  className,
  variant,
  icon,
  children,
  ...props
}: ComponentProps<'div'> & VariantProps<typeof noticeVariants> & { icon?: ReactNode }) {
  return (
    <div className={cn(noticeVariants({ variant }), className)} {...props}>
      {icon}
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
