import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { useTabParam } from '#client/hooks/use-tab-param.ts';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { styled } from '#client/lib/cn.ts';

const Tabs = styled(TabsPrimitive.Root, 'flex flex-col gap-6');
export const TabsContent = styled(TabsPrimitive.Content, 'outline-none');
// Tabs that do not fit one line wrap onto the next, so on a phone every tab shows in full and
// none hides off-screen (docs/decisions/035-phone-tabs-first-password-and-email-notice.md).
const TabsList = styled(
  TabsPrimitive.List,
  'inline-flex w-full flex-wrap items-center gap-1 rounded-xl bg-muted p-1 text-muted-foreground sm:w-fit',
);
const TabsTrigger = styled(
  TabsPrimitive.Trigger,
  'inline-flex h-9 grow cursor-pointer items-center justify-center gap-2 rounded-lg px-3 text-sm font-medium whitespace-nowrap sm:px-4 transition-colors hover:text-foreground focus-visible:outline-offset-0 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg]:size-4',
);

/**
 * A page's tabs, each an icon and a label, the open one kept in the address (`useTabParam`): the
 * one tab bar of /admin, /dashboard and /legal. `children` are the pages' `TabsContent`.
 */
export function PageTabs({
  tabs,
  label,
  className,
  children,
}: {
  tabs: readonly { value: string; label: string; icon: LucideIcon }[];
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const [tab, selectTab] = useTabParam(tabs.map(({ value }) => value));
  return (
    <Tabs value={tab} onValueChange={selectTab} className={className}>
      <TabsList aria-label={label}>
        {tabs.map(({ value, label, icon: Icon }) => (
          <TabsTrigger key={value} value={value}>
            <Icon aria-hidden />
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      {children}
    </Tabs>
  );
}
