import { styled } from '#client/lib/cn.ts';

export const Input = styled(
  'input',
  'flex h-10 w-full min-w-0 rounded-lg border border-input bg-background px-3 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-ring disabled:cursor-not-allowed disabled:opacity-50 sm:text-sm',
  { type: 'text' },
);
