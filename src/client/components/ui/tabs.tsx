import type { ComponentProps, ComponentType } from 'react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { cn } from '#client/lib/cn.ts';

export function Tabs({ className, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root className={cn('flex flex-col gap-6', className)} {...props} />;
}

function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        'inline-flex h-11 w-full items-center gap-1 overflow-x-auto rounded-xl bg-muted p-1 text-muted-foreground sm:w-fit',
        className,
      )}
      {...props}
    />
  );
}

function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex h-full flex-1 cursor-pointer items-center justify-center gap-2 rounded-lg px-3 text-sm font-medium whitespace-nowrap sm:px-4 transition-colors hover:text-foreground focus-visible:outline-offset-0 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm sm:flex-none [&_svg]:size-4',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('outline-none', className)} {...props} />;
}

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
