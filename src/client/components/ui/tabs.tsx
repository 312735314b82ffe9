import type { ComponentProps, ComponentType } from 'react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { styled } from '#client/lib/cn.ts';

export const Tabs = styled(TabsPrimitive.Root, 'flex flex-col gap-6');
export const TabsContent = styled(TabsPrimitive.Content, 'outline-none');
const TabsList = styled(
  TabsPrimitive.List,
  'inline-flex h-11 w-full items-center gap-1 overflow-x-auto rounded-xl bg-muted p-1 text-muted-foreground sm:w-fit',
);
const TabsTrigger = styled(
  TabsPrimitive.Trigger,
  'inline-flex h-full flex-1 cursor-pointer items-center justify-center gap-2 rounded-lg px-3 text-sm font-medium whitespace-nowrap sm:px-4 transition-colors hover:text-foreground focus-visible:outline-offset-0 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm sm:flex-none [&_svg]:size-4',
);

/** A page's tabs, each an icon and a label: the one tab bar of /admin, /dashboard and /legal. */
export function IconTabsList({
  tabs,
  ...props
}: ComponentProps<typeof TabsPrimitive.List> & {
  tabs: readonly {
    value: string;
    label: string;
    icon: ComponentType<{ 'aria-hidden'?: boolean }>;
  }[];
}) {
  return (
    <TabsList {...props}>
      {tabs.map(({ value, label, icon: Icon }) => (
        <TabsTrigger key={value} value={value}>
          <Icon aria-hidden />
          {label}
        </TabsTrigger>
      ))}
    </TabsList>
  );
}
