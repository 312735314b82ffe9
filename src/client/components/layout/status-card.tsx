import type { ReactNode } from 'react';
import { PageContainer } from '#client/components/layout/page-header.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx';

/** A page that is one centred card: an icon, a heading, a sentence, and what to do next. */
export function StatusCard({
  icon,
  title,
  description,
  busy = false,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  busy?: boolean;
  children?: ReactNode;
}) {
  return (
    <PageContainer className="flex justify-center py-16 sm:py-24">
      <Card className="w-full max-w-md" aria-busy={busy || undefined}>
        <CardHeader className="items-center text-center">
          <span
            aria-hidden
            className="mb-2 flex size-12 items-center justify-center rounded-2xl bg-accent text-accent-foreground"
          >
            {icon}
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <CardDescription className="text-sm/6" role={busy ? 'status' : undefined}>
            {description}
          </CardDescription>
        </CardHeader>
        {children && <CardContent className="grid justify-items-stretch">{children}</CardContent>}
      </Card>
    </PageContainer>
  );
}
