import { Link, useSearchParams } from 'react-router';
import { ArrowRight, CircleAlert, Clock } from 'lucide-react';
import { PageContainer } from '#client/components/layout/page-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

export function SubscriptionSuccessRoute() {
  useDocumentTitle('Subscription');
  const [searchParams] = useSearchParams();
  const hasSession = Boolean(searchParams.get('session_id'));

  return (
    <PageContainer className="flex justify-center py-16 sm:py-24">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span
            aria-hidden
            className="mb-2 flex size-12 items-center justify-center rounded-2xl bg-accent text-accent-foreground"
          >
            {hasSession ? <Clock className="size-6" /> : <CircleAlert className="size-6" />}
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">
            {hasSession ? 'Subscription check' : 'Subscription not found'}
          </h1>
          <CardDescription className="text-sm/6">
            {hasSession
              ? 'Checkout is not switched on yet, so there is no subscription to confirm and nothing has been charged.'
              : 'No session ID found in URL'}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex justify-center">
          <Button asChild>
            <Link to="/">
              Continue to Logo Search
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
