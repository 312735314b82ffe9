import { useState } from 'react';
import { Link } from 'react-router';
import { FeatureList } from '#client/features/billing/components/feature-list.tsx';
import { Crown, Sparkles, TriangleAlert, UserPlus } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import {
  closeUpgradeDialog,
  runUpgradeDialogAfterOpen,
  useUpgradeDialog,
} from '#client/components/ui/use-upgrade-dialog.ts';
import { useViewer } from '#client/app/require-user.tsx';
import { SIGN_IN_TO_UPGRADE_PATH, SUBSCRIPTION_TAB_PATH } from '#client/features/billing/paths.ts';
import { useStartCheckout } from '#client/features/billing/hooks/use-start-checkout.ts';
import { premiumBilledText } from '#client/features/billing/subscription-text.ts';
import {
  BillingPeriodToggle,
  INLINE_LINK_CLASS,
  PaymentsNotConfiguredNotice,
  PlanPrice,
} from '#client/features/billing/components/plan-price.tsx';
import { PREMIUM_FEATURES, PREMIUM_PRICE, type BillingPeriod } from '#shared/billing/plans.ts';

/** The upgrade dialog (docs/product.md#upgrade-dialog): a subscription needs an account first. */
export function UpgradeDialogContent() {
  const { open, reason } = useUpgradeDialog();
  const viewer = useViewer();
  const [period, setPeriod] = useState<BillingPeriod>('annual');
  // The dialog is mounted as soon as a download starts; ask about payments only once it matters.
  const checkout = useStartCheckout({ enabled: open && viewer === 'free' });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) closeUpgradeDialog();
      }}
    >
      <DialogContent
        closeLabel="Close upgrade dialog"
        className="max-w-md p-6 sm:p-7"
        // Radix calls this after the modal's layer exists: a toast raised now stays clickable.
        onOpenAutoFocus={() => runUpgradeDialogAfterOpen()}
      >
        <div className="flex flex-col gap-5">
          <div className="flex flex-col gap-2 pr-8">
            <span
              aria-hidden
              className="flex size-11 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-sm"
            >
              <Sparkles className="size-5" />
            </span>
            <DialogTitle className="mt-2">Upgrade to Premium</DialogTitle>
            <DialogDescription>
              Unlimited downloads and the batch tools, with no ads, ever.
            </DialogDescription>
          </div>

          {reason && (
            <p className="flex items-start gap-2 rounded-xl border border-destructive/40 bg-destructive/5 px-3.5 py-3 text-sm/5">
              <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
              {reason}
            </p>
          )}

          <div className="flex flex-col items-start gap-3">
            <BillingPeriodToggle value={period} onChange={setPeriod} itemClassName="px-3" />
            <PlanPrice amount={PREMIUM_PRICE[period].perMonth} note={premiumBilledText(period)} />
          </div>

          <FeatureList
            features={PREMIUM_FEATURES}
            highlight
            className="gap-2.5"
            aria-label="Premium includes"
          />

          {viewer === 'premium' ? (
            <div className="flex flex-col gap-2">
              <p className="text-center text-sm/6 text-muted-foreground">
                You already have Premium.
              </p>
              <Button asChild size="lg" variant="outline" className="w-full">
                <Link to={SUBSCRIPTION_TAB_PATH} onClick={closeUpgradeDialog}>
                  Manage Subscription
                </Link>
              </Button>
            </div>
          ) : viewer === 'free' ? (
            <div className="flex flex-col gap-3">
              {checkout.notConfigured && (
                <PaymentsNotConfiguredNotice
                  redeemLink={
                    <Link
                      to={SUBSCRIPTION_TAB_PATH}
                      onClick={closeUpgradeDialog}
                      className={INLINE_LINK_CLASS}
                    >
                      Redeem it in your dashboard
                    </Link>
                  }
                />
              )}
              <Button
                size="lg"
                className="w-full"
                disabled={checkout.isPending}
                onClick={() => checkout.startCheckout(period, { onStarted: closeUpgradeDialog })}
              >
                <Crown aria-hidden />
                {checkout.isPending ? 'Processing...' : 'Upgrade Now'}
              </Button>
            </div>
          ) : (
            <div className="flex flex-col gap-2">
              <Button asChild size="lg" className="w-full">
                <Link to={SIGN_IN_TO_UPGRADE_PATH} onClick={closeUpgradeDialog}>
                  <UserPlus aria-hidden />
                  Create Account
                </Link>
              </Button>
              <p className="text-center text-xs/5 text-muted-foreground">
                Premium needs an account: create one, then upgrade.
              </p>
            </div>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
