import { Link, useSearchParams } from 'react-router';
import { ArrowRight, CircleAlert } from 'lucide-react';
import { PageContainer } from '#client/components/layout/page-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { StatusCard } from '#client/components/ui/status-card.tsx';
import { RequireUser } from '#client/app/require-user.tsx';
import { SubscriptionVerification } from '#client/features/billing/components/subscription-verification.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { isPremium } from '#shared/billing/plans.ts';

/**
 * /subscription-success?session_id= — where Stripe returns after payment. Verifying needs the
 * session of the user who paid, so a signed-out visitor signs in first and comes back here.
 */
export function SubscriptionSuccessRoute() {
  useDocumentTitle('Subscription');
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id')?.trim() ?? '';

  return (
    <PageContainer className="flex justify-center py-16 sm:py-24">
      {sessionId ? (
        <RequireUser>
          {(user) => <SubscriptionVerification sessionId={sessionId} premium={isPremium(user)} />}
        </RequireUser>
      ) : (
        <MissingSession />
      )}
    </PageContainer>
  );
}

function MissingSession() {
  return (
    <StatusCard
      bare
      tone="muted"
      icon={<CircleAlert className="size-6" />}
      title="Subscription not found"
      description="No session ID found in URL"
    >
      <div className="flex flex-col items-center gap-3">
        <Button asChild>
          <Link to="/">
            Continue to Logo Search
            <ArrowRight aria-hidden />
          </Link>
        </Button>
        <Button asChild variant="link">
          <Link to="/premium">See Premium plans</Link>
        </Button>
      </div>
    </StatusCard>
  );
}
