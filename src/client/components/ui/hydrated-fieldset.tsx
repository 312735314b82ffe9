import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.ts';
import { useHydrated } from '#client/lib/hydration.tsx';

/**
 * A form's fields and buttons, disabled until the page has hydrated: for forms that take a secret
 * or act on the account (why: `useHydrated`).
 */
export function HydratedFieldset({ className, ...props }: ComponentProps<'fieldset'>) {
  const hydrated = useHydrated();
  return <fieldset disabled={!hydrated} className={cn('min-w-0', className)} {...props} />;
}
