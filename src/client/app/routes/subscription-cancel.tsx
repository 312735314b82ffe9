import { Link } from 'react-router';
import { CircleX } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { StatusCard } from '#client/components/ui/status-card.tsx';
import { useCurrentUser } from '#client/features/accounts/hooks/use-current-user.ts';
import { FeatureList } from '#client/features/billing/components/feature-list.tsx';
import { SUBSCRIPTION_TAB_PATH } from '#client/features/billing/paths.ts';
import { closedCheckoutText } from '#client/features/billing/subscription-text.ts';
import { isPremium, PREMIUM_FEATURES } from '#shared/billing/plans.ts';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

/** Where Stripe returns when checkout is closed; it states the plan the visitor really has. */
export function SubscriptionCancelRoute() {
  useDocumentTitle('Subscription Not Completed');
  const { user } = useCurrentUser();
  const premium = user !== null && isPremium(user);
  return (
    <StatusCard
      className="max-w-lg"
      tone="muted"
      icon={<CircleX className="size-6" />}
      title="Subscription Not Completed"
      description={closedCheckoutText(premium ? user.subscriptionExpiryDate : false)}
      footer={
        premium ? (
          <>
            <Button asChild className="w-full sm:flex-1">
              <Link to={SUBSCRIPTION_TAB_PATH}>View Subscription</Link>
            </Button>
            <Button asChild variant="outline" className="w-full sm:flex-1">
              <Link to="/">Continue to Logo Search</Link>
            </Button>
          </>
        ) : (
          <>
            <Button asChild className="w-full sm:flex-1">
              <Link to="/premium">Try Again</Link>
            </Button>
            <Button asChild variant="outline" className="w-full sm:flex-1">
              <Link to="/">Continue with Free Plan</Link>
            </Button>
          </>
        )
      }
    >
      <p className="text-center text-sm/6 text-muted-foreground">
        Checkout was closed before payment, so nothing was charged.
      </p>
      {!premium && (
        <div className="rounded-xl border bg-surface p-5">
          <h2 className="text-sm font-semibold">With Premium you get</h2>
          <FeatureList features={PREMIUM_FEATURES} className="mt-3 gap-2.5 sm:grid-cols-2" />
        </div>
      )}
    </StatusCard>
  );
}
