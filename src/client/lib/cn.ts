import { createElement, type ComponentProps, type ElementType } from 'react';
import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names and lets a later Tailwind class override an earlier one (`px-2` then `px-4`). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * `Component` with `base` classes (and `defaults` props); the caller's props win, and its
 * `className` is merged after the base classes with `cn`.
 */
export function styled<C extends ElementType>(
  Component: C,
  base: string,
  defaults?: Partial<ComponentProps<C>>,
) {
  return function Styled({ className, ...props }: ComponentProps<C> & { className?: string }) {
    return createElement(Component as ElementType, {
      ...defaults,
      ...props,
      className: cn(base, className),
    });
  };
}
