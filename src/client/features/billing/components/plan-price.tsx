import type { ReactNode } from 'react';
import { Info } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Notice } from '#client/components/ui/notice.tsx';
import { ToggleGroup, ToggleGroupItem } from '#client/components/ui/toggle-group.tsx';
import { cn } from '#client/lib/cn.ts';
import { PREMIUM_PRICE, type BillingPeriod } from '#shared/billing/plans.ts';
import { PAYMENTS_NOT_CONFIGURED_MESSAGE } from '#shared/billing/billing.schemas.ts';

/** Monthly or Annual, for the pricing cards and the upgrade dialog; Annual shows its saving. */
export function BillingPeriodToggle({
  value,
  onChange,
  className,
  itemClassName,
}: {
  value: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
  className?: string;
  itemClassName?: string;
}) {
  return (
    <ToggleGroup
      type="single"
      value={value}
      // Radix reports '' when the active item is clicked again; keep a period selected.
      onValueChange={(next) => {
        if (next === 'monthly' || next === 'annual') onChange(next);
      }}
      aria-label="Billing period"
      className={className}
    >
      <ToggleGroupItem value="monthly" className={itemClassName}>
        Monthly
      </ToggleGroupItem>
      <ToggleGroupItem value="annual" className={itemClassName}>
        Annual
        <Badge variant="accent">{PREMIUM_PRICE.annual.saving}</Badge>
      </ToggleGroupItem>
    </ToggleGroup>
  );
}

/** The big price per month with the billing line under it. */
export function PlanPrice({
  amount,
  note,
  className,
  amountClassName,
}: {
  amount: number;
  note: string;
  className?: string;
  amountClassName?: string;
}) {
  return (
    <div className={className}>
      <p className="flex items-baseline gap-1.5">
        <span className={cn('text-4xl font-semibold tracking-tight', amountClassName)}>
          ${amount}
        </span>
        <span className="text-sm text-muted-foreground">/month</span>
      </p>
      <p className="mt-1 text-sm text-muted-foreground">{note}</p>
    </div>
  );
}

export const INLINE_LINK_CLASS = 'font-medium text-link underline underline-offset-4';

/** Checkout is not set up on this server; `redeemLink` leads to the code form instead. */
export function PaymentsNotConfiguredNotice({
  redeemLink,
  className,
}: {
  redeemLink: ReactNode;
  className?: string;
}) {
  return (
    <Notice icon={<Info aria-hidden />} className={className}>
      <p>{PAYMENTS_NOT_CONFIGURED_MESSAGE}</p>
      <p className="mt-1">Have a code? {redeemLink}.</p>
    </Notice>
  );
}
