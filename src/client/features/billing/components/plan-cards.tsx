import { useState } from 'react';
import { Link } from 'react-router';
import { Crown, Sparkles } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FeatureList } from './feature-list.tsx';
import {
  BillingPeriodToggle,
  INLINE_LINK_CLASS,
  PaymentsNotConfiguredNotice,
  PlanPrice,
} from './plan-price.tsx';
import { useStartCheckout } from '../hooks/use-start-checkout.ts';
import { SIGN_IN_TO_UPGRADE_PATH, SUBSCRIPTION_TAB_PATH } from '../paths.ts';
import { premiumBilledText } from '../subscription-text.ts';
import {
  FREE_FEATURES,
  GUEST_DOWNLOADS_PER_SESSION,
  PREMIUM_FEATURES,
  PREMIUM_PRICE,
  type BillingPeriod,
} from '#shared/billing/plans.ts';

const PRICE_LAYOUT = { className: 'mt-6', amountClassName: 'sm:text-5xl' };

/** Who is looking, by the server session; 'loading' until `GET /api/user` answers. */
export type Viewer = 'loading' | 'guest' | 'free' | 'premium';

/**
 * Free and Premium side by side (docs/product.md#pricing). 'Current Plan' follows the server's view
 * of the visitor; 'Upgrade Now' sends guests to sign in first, since a subscription needs an account.
 */
export function PlanCards({ viewer }: { viewer: Viewer }) {
  const [period, setPeriod] = useState<BillingPeriod>('annual');
  const checkout = useStartCheckout({ enabled: viewer === 'free' });
  const currentPlan = viewer === 'loading' ? null : viewer === 'premium' ? 'Premium' : 'Free';

  return (
    <div className="flex flex-col items-center gap-10">
      <BillingPeriodToggle
        value={period}
        onChange={setPeriod}
        className="gap-1 rounded-full p-1"
        itemClassName="h-9 gap-2 rounded-full px-4"
      />

      <div className="grid w-full max-w-4xl gap-6 md:grid-cols-2">
        <section
          aria-labelledby="plan-free"
          className="flex flex-col rounded-3xl border bg-card p-7 shadow-xs sm:p-8"
        >
          <div className="flex min-h-6 items-center justify-between gap-3">
            <h2 id="plan-free" className="text-lg font-semibold">
              Free
            </h2>
            {currentPlan === 'Free' && <Badge variant="secondary">Current Plan</Badge>}
          </div>
          <p className="mt-2 text-sm text-muted-foreground">For the occasional logo.</p>
          <PlanPrice amount={0} note="Free forever" {...PRICE_LAYOUT} />
          <FeatureList features={FREE_FEATURES} className="mt-8" />
          <p className="mt-auto pt-8 text-sm/6 text-muted-foreground">
            No account yet? Guests get {GUEST_DOWNLOADS_PER_SESSION} downloads per browser session.
          </p>
        </section>

        <section
          aria-labelledby="plan-premium"
          className="relative flex flex-col rounded-3xl border-2 border-primary bg-card p-7 shadow-lg shadow-primary/10 sm:p-8"
        >
          <div className="flex min-h-6 items-center justify-between gap-3">
            <h2 id="plan-premium" className="flex items-center gap-2 text-lg font-semibold">
              <Sparkles aria-hidden className="size-5 text-link" />
              Premium
            </h2>
            {currentPlan === 'Premium' ? (
              <Badge variant="secondary">Current Plan</Badge>
            ) : (
              period === 'annual' && <Badge>{PREMIUM_PRICE.annual.saving}</Badge>
            )}
          </div>
          <p className="mt-2 text-sm text-muted-foreground">
            For designers who need logos every week.
          </p>
          <PlanPrice
            amount={PREMIUM_PRICE[period].perMonth}
            note={premiumBilledText(period)}
            {...PRICE_LAYOUT}
          />
          <FeatureList features={PREMIUM_FEATURES} highlight className="mt-8" />
          <div className="mt-auto grid gap-3 pt-8">
            {viewer === 'premium' ? (
              <>
                <p className="flex items-center gap-2 text-sm font-medium">
                  <Crown aria-hidden className="size-4 text-link" />
                  You're on Premium. Thank you!
                </p>
                <Button asChild size="lg" variant="outline" className="w-full">
                  <Link to={SUBSCRIPTION_TAB_PATH}>Manage Subscription</Link>
                </Button>
              </>
            ) : viewer === 'guest' ? (
              <Button asChild size="lg" className="w-full">
                {/* Starting a subscription needs an account: sign in first. */}
                <Link to={SIGN_IN_TO_UPGRADE_PATH}>Upgrade Now</Link>
              </Button>
            ) : (
              <Button
                size="lg"
                className="w-full"
                disabled={viewer === 'loading' || checkout.isPending}
                onClick={() => checkout.startCheckout(period)}
              >
                {checkout.isPending ? 'Processing...' : 'Upgrade Now'}
              </Button>
            )}
          </div>
        </section>
      </div>

      {checkout.notConfigured && viewer === 'free' && (
        <PaymentsNotConfiguredNotice
          className="w-full max-w-4xl"
          redeemLink={
            <Link to={SUBSCRIPTION_TAB_PATH} className={INLINE_LINK_CLASS}>
              Redeem it in your dashboard
            </Link>
          }
        />
      )}
    </div>
  );
}
