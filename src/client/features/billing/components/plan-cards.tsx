import { useState } from 'react';
import { Link } from 'react-router';
import { Check, Sparkles } from 'lucide-react';
import { ToggleGroup } from 'radix-ui';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import {
  FREE_FEATURES,
  GUEST_DOWNLOADS_PER_SESSION,
  PREMIUM_FEATURES,
  PREMIUM_PRICE,
  type BillingPeriod,
} from '#shared/billing/plans.ts';

/** Free and Premium side by side with a monthly/annual switch (annual is the default). */
export function PlanCards() {
  const [period, setPeriod] = useState<BillingPeriod>('annual');
  const price = PREMIUM_PRICE[period];

  return (
    <div className="flex flex-col items-center gap-10">
      <ToggleGroup.Root
        type="single"
        value={period}
        // Radix reports '' when the active item is clicked again; keep a period selected.
        onValueChange={(value) => value && setPeriod(value as BillingPeriod)}
        aria-label="Billing period"
        className="inline-flex items-center gap-1 rounded-full border bg-muted p-1"
      >
        {(['monthly', 'annual'] as const).map((item) => (
          <ToggleGroup.Item
            key={item}
            value={item}
            className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-full px-4 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm"
          >
            {item === 'monthly' ? 'Monthly' : 'Annual'}
            {item === 'annual' && <Badge variant="accent">{PREMIUM_PRICE.annual.saving}</Badge>}
          </ToggleGroup.Item>
        ))}
      </ToggleGroup.Root>

      <div className="grid w-full max-w-4xl gap-6 md:grid-cols-2">
        <section
          aria-labelledby="plan-free"
          className="flex flex-col rounded-3xl border bg-card p-7 shadow-xs sm:p-8"
        >
          <div className="flex items-center justify-between gap-3">
            <h2 id="plan-free" className="text-lg font-semibold">
              Free
            </h2>
            <Badge variant="secondary">Current Plan</Badge>
          </div>
          <p className="mt-2 text-sm text-muted-foreground">For the occasional logo.</p>
          <p className="mt-6 flex items-baseline gap-1.5">
            <span className="text-4xl font-semibold tracking-tight sm:text-5xl">$0</span>
            <span className="text-sm text-muted-foreground">/month</span>
          </p>
          <p className="mt-1 text-sm text-muted-foreground">Free forever</p>
          <FeatureList features={FREE_FEATURES} />
          <p className="mt-auto pt-8 text-sm/6 text-muted-foreground">
            No account yet? Guests get {GUEST_DOWNLOADS_PER_SESSION} downloads per browser session.
          </p>
        </section>

        <section
          aria-labelledby="plan-premium"
          className="relative flex flex-col rounded-3xl border-2 border-primary bg-card p-7 shadow-lg shadow-primary/10 sm:p-8"
        >
          <div className="flex items-center justify-between gap-3">
            <h2 id="plan-premium" className="flex items-center gap-2 text-lg font-semibold">
              <Sparkles aria-hidden className="size-5 text-link" />
              Premium
            </h2>
            {period === 'annual' && <Badge>{PREMIUM_PRICE.annual.saving}</Badge>}
          </div>
          <p className="mt-2 text-sm text-muted-foreground">
            For designers who need logos every week.
          </p>
          <p className="mt-6 flex items-baseline gap-1.5">
            <span className="text-4xl font-semibold tracking-tight sm:text-5xl">
              ${price.perMonth}
            </span>
            <span className="text-sm text-muted-foreground">/month</span>
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            {period === 'annual'
              ? `$${PREMIUM_PRICE.annual.perMonth}/month ($${PREMIUM_PRICE.annual.perYear}/year billed annually)`
              : price.billed}
          </p>
          <FeatureList features={PREMIUM_FEATURES} highlight />
          <div className="mt-auto pt-8">
            <Button asChild size="lg" className="w-full">
              {/* Starting a subscription needs an account; the spec sends visitors to sign in first. */}
              <Link to="/auth?redirect=/premium">Upgrade Now</Link>
            </Button>
          </div>
        </section>
      </div>
    </div>
  );
}

function FeatureList({
  features,
  highlight = false,
}: {
  features: readonly string[];
  highlight?: boolean;
}) {
  return (
    <ul className="mt-8 grid gap-3 text-sm">
      {features.map((feature) => (
        <li key={feature} className="flex items-start gap-3">
          <span
            aria-hidden
            className={cn(
              'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full',
              highlight ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
            )}
          >
            <Check className="size-3.5" strokeWidth={3} />
          </span>
          {feature}
        </li>
      ))}
    </ul>
  );
}
