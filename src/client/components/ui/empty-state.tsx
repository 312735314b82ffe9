import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';

/**
 * A centred panel for "nothing here (yet)" moments: no results, signed out, coming soon.
 * The title is a heading at the level the page needs (h2 by default).
 */
export function EmptyState({
  icon,
  title,
  description,
  children,
  headingLevel = 2,
  className,
  ...props
}: Omit<ComponentProps<'section'>, 'title'> & {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      className={cn(
        'flex flex-col items-center rounded-2xl border border-dashed bg-surface px-6 py-12 text-center sm:px-10 sm:py-16',
        className,
      )}
      {...props}
    >
      {icon && (
        <div
          aria-hidden
          className="mb-5 flex size-14 items-center justify-center rounded-2xl border bg-background text-accent-foreground shadow-xs dark:text-link [&_svg]:size-6"
        >
          {icon}
        </div>
      )}
      <Heading className="text-lg font-semibold tracking-tight text-balance sm:text-xl">
        {title}
      </Heading>
      {description && (
        <div className="mt-2 max-w-md text-sm/6 text-pretty text-muted-foreground sm:text-base/7">
          {description}
        </div>
      )}
      {children && (
        <div className="mt-6 flex flex-wrap items-center justify-center gap-3">{children}</div>
      )}
    </section>
  );
}
