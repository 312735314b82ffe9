import { useEffect } from 'react';
import { Link } from 'react-router';
import { ArrowRight, CircleAlert, LoaderCircle, PartyPopper } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { StatusCard } from '#client/components/ui/status-card.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useVerifySubscription } from '../api/verify-subscription.ts';
import { SUBSCRIPTION_TAB_PATH } from '../paths.ts';
import { premiumPriceText, statusLabel, unconfirmedCheckoutText } from '../subscription-text.ts';
import { formatLongDate } from '#client/lib/format-date.ts';

/**
 * The page Stripe returns to after payment. The server is the only truth: when it cannot confirm,
 * the page says which plan the account is on (`premium`, from the session) but never marks
 * anything active here.
 */
export function SubscriptionVerification({
  sessionId,
  premium,
}: {
  sessionId: string;
  premium: boolean;
}) {
  const verify = useVerifySubscription(sessionId);

  useEffect(() => {
    if (verify.status === 'success') {
      toast({
        title: 'Subscription Successful!',
        description: 'Thank you for upgrading to the Premium plan!',
      });
    } else if (verify.status === 'error') {
      toast({
        title: 'Verification Failed',
        description: verify.error.message,
        variant: 'destructive',
      });
    }
  }, [verify.status, verify.error]);

  if (verify.isPending) {
    return (
      <StatusCard
        bare
        busy
        icon={<LoaderCircle className="size-6 animate-spin" />}
        title="Verifying subscription..."
        description="Checking your payment with Stripe. This takes a moment."
      />
    );
  }

  if (verify.isError) {
    const { title, description } = unconfirmedCheckoutText(premium);
    return (
      <StatusCard
        bare
        tone="muted"
        icon={<CircleAlert className="size-6" />}
        title={title}
        description={description}
        footer={
          premium ? (
            <>
              <Button asChild variant="outline" className="w-full sm:flex-1">
                <Link to={SUBSCRIPTION_TAB_PATH}>View Subscription</Link>
              </Button>
              <Button asChild className="w-full sm:flex-1">
                <Link to="/">Continue to Logo Search</Link>
              </Button>
            </>
          ) : (
            <>
              <Button asChild variant="outline" className="w-full sm:flex-1">
                <Link to="/contact">Contact support</Link>
              </Button>
              <Button asChild className="w-full sm:flex-1">
                <Link to="/premium">See Premium plans</Link>
              </Button>
            </>
          )
        }
      >
        <p className="text-center text-sm/6 text-muted-foreground">
          {premium
            ? 'Your dashboard shows your plan as our server sees it.'
            : 'If you paid, Premium appears on your dashboard as soon as Stripe confirms the payment. If it does not, contact support and we will sort it out.'}
        </p>
      </StatusCard>
    );
  }

  const details = verify.data;
  const started = formatLongDate(details.startDate);
  const until = formatLongDate(details.expiryDate);
  return (
    <StatusCard
      bare
      icon={<PartyPopper className="size-6" />}
      title="Thank You for Your Subscription!"
      description="Premium is on: unlimited downloads, batch download, SVG copy and your download history."
      footer={
        <Button asChild size="lg">
          <Link to="/">
            Continue to Logo Search
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      }
    >
      <dl className="grid gap-3 rounded-xl border bg-surface p-5 text-sm">
        <Detail
          label="Plan"
          value={`Premium (${details.plan === 'annual' ? 'Annual' : 'Monthly'})`}
        />
        <Detail label="Price" value={premiumPriceText(details.plan)} />
        <Detail label="Status" value={statusLabel(details.status)} />
        {started && <Detail label="Started" value={started} />}
        {until && <Detail label="Paid until" value={until} />}
      </dl>
    </StatusCard>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
