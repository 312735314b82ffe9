import { styled } from '#client/lib/cn.ts';

/** A grey placeholder block that pulses while content loads. Decorative: hidden from screen readers. */
export const Skeleton = styled(
  'div',
  'animate-pulse rounded-lg bg-muted motion-reduce:animate-none',
  { 'aria-hidden': true },
);
