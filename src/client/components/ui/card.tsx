import { useId, type ComponentProps, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { styled } from '#client/lib/cn.ts';

export const Card = styled('div', 'rounded-2xl border bg-card text-card-foreground shadow-xs');
export const CardHeader = styled('div', 'flex flex-col gap-1.5 p-6');

const CardTitle = styled('h2', 'text-lg leading-tight font-semibold tracking-tight');
export const CardDescription = styled('p', 'text-sm text-muted-foreground');
export const CardContent = styled('div', 'px-6 pb-6');
export const CardFooter = styled('div', 'flex items-center gap-3 px-6 pb-6');

/**
 * The usual card: an h2 (with an optional icon) and its description above the content.
 * `region` makes the card a landmark named by its heading. With `action` (even `null`), the header
 * is a row: title and description on the left, the action beside them.
 */
export function SectionCard({
  title,
  icon: Icon,
  description,
  region = false,
  action,
  descriptionClassName,
  contentClassName,
  children,
  ...props
}: Omit<ComponentProps<'div'>, 'title'> & {
  title: ReactNode;
  icon?: LucideIcon;
  description: ReactNode;
  region?: boolean;
  action?: ReactNode;
  descriptionClassName?: string;
  contentClassName?: string;
}) {
  const titleId = useId();
  const heading = (
    <>
      <CardTitle
        id={region ? titleId : undefined}
        className={Icon ? 'flex items-center gap-2' : undefined}
      >
        {Icon && <Icon aria-hidden className="size-5 text-link" />}
        {title}
      </CardTitle>
      <CardDescription className={descriptionClassName}>{description}</CardDescription>
    </>
  );
  return (
    <Card
      role={region ? 'region' : undefined}
      aria-labelledby={region ? titleId : undefined}
      {...props}
    >
      {action === undefined ? (
        <CardHeader>{heading}</CardHeader>
      ) : (
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
          <div className="grid gap-1.5">{heading}</div>
          {action}
        </CardHeader>
      )}
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
