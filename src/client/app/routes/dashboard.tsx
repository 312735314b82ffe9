import { CreditCard, Crown, Heart, History, UserRound } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageContainer } from '#client/components/layout/page-header.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { PageTabs, TabsContent } from '#client/components/ui/tabs.tsx';
import { FavouritesList } from '#client/app/favourites-list.tsx';
import { RequireUser, useViewer } from '#client/app/require-user.tsx';
import { AccountInfo } from '#client/features/accounts/components/account-info.tsx';
import { AccountRights } from '#client/features/accounts/components/account-rights.tsx';
import { isPremium } from '#shared/billing/plans.ts';
import { PremiumCodeCard } from '#client/features/billing/components/premium-code-card.tsx';
import { SubscriptionDetailsCard } from '#client/features/billing/components/subscription-details-card.tsx';
import { DownloadHistory } from '#client/features/downloads/components/download-history.tsx';
import { DownloadUsageCard } from '#client/features/downloads/components/download-usage-card.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import type { User } from '#shared/accounts/accounts.schemas.ts';

const TABS = [
  { value: 'account', label: 'Account Info', icon: UserRound },
  { value: 'downloads', label: 'Downloads', icon: History },
  { value: 'favourites', label: 'Favourites', icon: Heart },
  { value: 'subscription', label: 'Subscription', icon: CreditCard },
] as const;

export function DashboardRoute() {
  const [searchParams] = useSearchParams();
  const viewer = useViewer();
  const guestFavourites = searchParams.get('tab') === 'favourites' && viewer === 'guest';
  useDocumentTitle(guestFavourites ? 'Your favourites' : 'Your Dashboard');
  // The rest of the dashboard needs an account; a guest's favourites are in this browser.
  if (guestFavourites) return <GuestFavourites />;
  return <RequireUser>{(user) => <Dashboard user={user} />}</RequireUser>;
}

function GuestFavourites() {
  return (
    <PageContainer className="py-12 sm:py-16">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Your favourites</h1>
      <p className="mt-3 mb-8 text-base/7 text-muted-foreground">
        The logos you marked with a heart.
      </p>
      <FavouritesList headingLevel={2} />
    </PageContainer>
  );
}

function Dashboard({ user }: { user: User }) {
  const premium = isPremium(user);

  return (
    <PageContainer className="py-12 sm:py-16">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Your Dashboard</h1>
        <Badge variant={premium ? 'accent' : 'secondary'}>
          {premium && <Crown aria-hidden />}
          {premium ? 'Premium Account' : 'Free Account'}
        </Badge>
      </div>
      <p className="mt-3 text-base/7 text-muted-foreground">
        Your account, downloads, favourites and subscription in one place.
      </p>

      <PageTabs label="Dashboard sections" tabs={TABS} className="mt-8">
        <TabsContent value="account" className="grid gap-6">
          <AccountInfo
            user={user}
            premium={premium}
            usage={<DownloadUsageCard premium={premium} fallbackCount={user.downloadCount} />}
          />
          <AccountRights user={user} />
        </TabsContent>
        <TabsContent value="downloads">
          <DownloadHistory premium={premium} />
        </TabsContent>
        <TabsContent value="favourites">
          <FavouritesList headingLevel={2} />
        </TabsContent>
        <TabsContent value="subscription">
          <div className="grid items-start gap-6 lg:grid-cols-2">
            <SubscriptionDetailsCard />
            <PremiumCodeCard />
          </div>
        </TabsContent>
      </PageTabs>
    </PageContainer>
  );
}
