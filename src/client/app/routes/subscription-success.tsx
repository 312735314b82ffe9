import { Link, useSearchParams } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { PageContainer } from '#client/components/layout/page-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { RequireUser } from '#client/app/require-user.tsx';
import {
  AlertCardHeader,
  SubscriptionVerification,
} from '#client/features/billing/components/subscription-verification.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

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
        <RequireUser>{() => <SubscriptionVerification sessionId={sessionId} />}</RequireUser>
      ) : (
        <MissingSession />
      )}
    </PageContainer>
  );
}

function MissingSession() {
  return (
    <Card className="w-full max-w-md">
      <AlertCardHeader title="Subscription not found" description="No session ID found in URL" />
      <CardContent className="flex flex-col items-center gap-3">
        <Button asChild>
          <Link to="/">
            Continue to Logo Search
            <ArrowRight aria-hidden />
          </Link>
        </Button>
        <Button asChild variant="link">
          <Link to="/premium">See Premium plans</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
