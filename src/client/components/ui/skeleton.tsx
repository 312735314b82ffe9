import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.ts';

/** A grey placeholder block that pulses while content loads. Decorative: hidden from screen readers. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden
      className={cn('animate-pulse rounded-lg bg-muted motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
