import { Link } from 'react-router';
import { FeatureList } from '#client/features/billing/components/feature-list.tsx';
import { CircleX } from 'lucide-react';
import { PageContainer } from '#client/components/layout/page-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
} from '#client/components/ui/card.tsx';
import { FREE_DOWNLOADS_PER_MONTH, PREMIUM_FEATURES } from '#shared/billing/plans.ts';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

export function SubscriptionCancelRoute() {
  useDocumentTitle('Subscription Not Completed');
  return (
    <PageContainer className="flex justify-center py-16 sm:py-24">
      <Card className="w-full max-w-lg">
        <CardHeader className="items-center text-center">
          <span
            aria-hidden
            className="mb-2 flex size-12 items-center justify-center rounded-2xl bg-muted text-muted-foreground"
          >
            <CircleX className="size-6" />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">Subscription Not Completed</h1>
          <CardDescription className="text-sm/6">
            You're still on the free plan with {FREE_DOWNLOADS_PER_MONTH} logo downloads per month
          </CardDescription>
          <p className="text-sm/6 text-muted-foreground">
            Checkout was closed before payment, so nothing was charged.
          </p>
        </CardHeader>
        <CardContent>
          <div className="rounded-xl border bg-surface p-5">
            <h2 className="text-sm font-semibold">With Premium you get</h2>
            <FeatureList features={PREMIUM_FEATURES} className="mt-3 gap-2.5 sm:grid-cols-2" />
          </div>
        </CardContent>
        <CardFooter className="flex-col sm:flex-row">
          <Button asChild className="w-full sm:flex-1">
            <Link to="/premium">Try Again</Link>
          </Button>
          <Button asChild variant="outline" className="w-full sm:flex-1">
            <Link to="/">Continue with Free Plan</Link>
          </Button>
        </CardFooter>
      </Card>
    </PageContainer>
  );
}
