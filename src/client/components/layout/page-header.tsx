import type { ReactNode } from 'react';
import { cn, styled } from '#client/lib/cn.ts';

/** The standard page width and padding. */
export const PageContainer = styled('div', 'mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8');

/** A page's single h1, with an optional eyebrow above and a lead paragraph below. */
export function PageHeader({
  eyebrow,
  title,
  description,
  align = 'left',
  className,
  children,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  align?: 'left' | 'center';
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div
      className={cn(
        'flex flex-col gap-3',
        align === 'center' && 'items-center text-center',
        className,
      )}
    >
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-link">{eyebrow}</p>}
      <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">{title}</h1>
      {description && (
        <p className="max-w-2xl text-base/7 text-pretty text-muted-foreground sm:text-lg/8">
          {description}
        </p>
      )}
      {children}
    </div>
  );
}
