import { UpgradeLink } from '#client/components/layout/upgrade-link.tsx';
import { FeatureList } from './feature-list.tsx';
import { Crown, TriangleAlert } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { Notice } from '#client/components/ui/notice.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { useSubscriptionStatus } from '../api/get-subscription-status.ts';
import { describeSubscription } from '../subscription-text.ts';
import { formatLongDate } from '#client/lib/format-date.ts';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog.tsx';
import { FREE_DOWNLOADS_PER_MONTH, PREMIUM_FEATURES } from '#shared/billing/plans.ts';
import type { SubscriptionStatusResponse } from '#shared/billing/billing.schemas.ts';

/** The Subscription tab's 'Subscription Details' card, from the server's view of the plan. */
export function SubscriptionDetailsCard() {
  const status = useSubscriptionStatus();

  return (
    <SectionCard
      region
      title="Subscription Details"
      description="Your plan and what happens next."
      contentClassName="grid gap-5"
    >
      {status.isPending ? (
        <div role="status" className="grid gap-3">
          <span className="sr-only">Loading your subscription…</span>
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-5 w-64" />
          <Skeleton className="h-9 w-44" />
        </div>
      ) : status.isError ? (
        <Notice variant="warning" icon={<TriangleAlert aria-hidden />}>
          <p>Your subscription could not be loaded: {status.error.message}</p>
          <Button
            variant="link"
            className="mt-1"
            disabled={status.isFetching}
            onClick={() => void status.refetch()}
          >
            Try again
          </Button>
        </Notice>
      ) : (
        <SubscriptionDetails status={status.data} />
      )}
    </SectionCard>
  );
}

function SubscriptionDetails({ status }: { status: SubscriptionStatusResponse }) {
  const summary = describeSubscription(status);
  const premium = summary.plan === 'Premium';
  return (
    <>
      <dl className="grid gap-1 text-sm">
        <dt className="text-muted-foreground">Current Plan</dt>
        <dd>
          <Badge variant={premium ? 'accent' : 'secondary'} className="text-sm">
            {premium && <Crown aria-hidden />}
            {summary.plan}
          </Badge>
        </dd>
      </dl>
      {summary.plan === 'Premium' ? (
        <>
          <div className="grid gap-1">
            <p className="font-medium">{summary.headline}</p>
            {summary.detail && <p className="text-sm/6 text-muted-foreground">{summary.detail}</p>}
          </div>
          {summary.paymentProblem && (
            <Notice variant="warning" icon={<TriangleAlert aria-hidden />}>
              {summary.paymentProblem}
            </Notice>
          )}
          {summary.canCancel && (
            <CancelSubscriptionDialog endsOn={formatLongDate(status.expiryDate)} />
          )}
        </>
      ) : (
        <>
          <div className="grid gap-3">
            <p className="text-sm/6 text-muted-foreground">
              You have {FREE_DOWNLOADS_PER_MONTH} downloads a month. Premium gives you:
            </p>
            <FeatureList features={PREMIUM_FEATURES} className="gap-2 sm:grid-cols-2" />
          </div>
          <UpgradeLink className="justify-self-start" />
        </>
      )}
    </>
  );
}
