import type { ComponentProps } from 'react';
import { cn, styled } from '#client/lib/cn.ts';

export const Card = styled('div', 'rounded-2xl border bg-card text-card-foreground shadow-xs');
export const CardHeader = styled('div', 'flex flex-col gap-1.5 p-6');

/** A card's heading; pick the level that fits the page outline (h3 under a section's h2 by default). */
export function CardTitle({
  className,
  level = 3,
  ...props
}: ComponentProps<'h3'> & { level?: 2 | 3 | 4 }) {
  const Heading = `h${level}` as const;
  return (
    <Heading
      className={cn('text-lg leading-tight font-semibold tracking-tight', className)}
      {...props}
    />
  );
}

export const CardDescription = styled('p', 'text-sm text-muted-foreground');
export const CardContent = styled('div', 'px-6 pb-6');
export const CardFooter = styled('div', 'flex items-center gap-3 px-6 pb-6');
