import type { ReactNode } from 'react';
import { PageContainer } from '#client/components/layout/page-header.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
} from '#client/components/ui/card.tsx';
import { cn } from '#client/lib/cn.ts';

/**
 * One centred card that tells where things stand: an icon, the page's heading, a sentence, then
 * what to do next. `tone="muted"` for a problem or a dead end; `bare` when the page already
 * centres it.
 */
export function StatusCard({
  icon,
  title,
  description,
  tone = 'accent',
  busy = false,
  bare = false,
  className,
  children,
  footer,
}: {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  tone?: 'accent' | 'muted';
  busy?: boolean;
  bare?: boolean;
  className?: string;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  const card = (
    <Card className={cn('w-full max-w-md', className)} aria-busy={busy || undefined}>
      <CardHeader className="items-center text-center">
        <span
          aria-hidden
          className={cn(
            'mb-2 flex size-12 items-center justify-center rounded-2xl',
            tone === 'accent'
              ? 'bg-accent text-accent-foreground'
              : 'bg-muted text-muted-foreground',
          )}
        >
          {icon}
        </span>
        <h1 className="text-2xl font-semibold tracking-tight text-balance">{title}</h1>
        <CardDescription className="text-sm/6" role={busy ? 'status' : undefined}>
          {description}
        </CardDescription>
      </CardHeader>
      {children && <CardContent className="grid gap-5">{children}</CardContent>}
      {footer && <CardFooter className="flex-col justify-center sm:flex-row">{footer}</CardFooter>}
    </Card>
  );
  if (bare) return card;
  return <PageContainer className="flex justify-center py-16 sm:py-24">{card}</PageContainer>;
}
