import { ToggleGroup as ToggleGroupPrimitive } from 'radix-ui';
import { styled } from '#client/lib/cn.ts';

/** A segmented control: a row of buttons of which one (or several) is on. */
export const ToggleGroup = styled(
  ToggleGroupPrimitive.Root,
  'inline-flex items-center gap-0.5 rounded-lg border bg-muted p-0.5',
);
export const ToggleGroupItem = styled(
  ToggleGroupPrimitive.Item,
  'inline-flex h-8 min-w-8 cursor-pointer items-center justify-center gap-1.5 rounded-md px-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-offset-0 data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm [&_svg]:size-4',
);
