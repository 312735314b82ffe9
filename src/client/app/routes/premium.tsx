import { Lock } from 'lucide-react';
import { PageContainer, PageHeader } from '#client/components/layout/page-header.tsx';
import { useCurrentUser } from '#client/features/accounts/hooks/use-current-user.ts';
import { PlanCards, type Viewer } from '#client/features/billing/components/plan-cards.tsx';
import { PricingFaq } from '#client/features/billing/components/pricing-faq.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { FREE_DOWNLOADS_PER_MONTH, isPremium } from '#shared/billing/plans.ts';

export function PremiumRoute() {
  useDocumentTitle('Simple Pricing');
  const { user, isLoading } = useCurrentUser();
  // The server's view decides 'Current Plan', never anything stored in the browser.
  const viewer: Viewer = isLoading
    ? { kind: 'loading' }
    : !user
      ? { kind: 'guest' }
      : isPremium(user)
        ? { kind: 'premium' }
        : { kind: 'free' };

  return (
    <PageContainer className="flex flex-col gap-16 py-14 sm:gap-20 sm:py-20">
      <div>
        <PageHeader
          align="center"
          eyebrow="Pricing"
          title="Simple Pricing"
          description={`Start free with ${FREE_DOWNLOADS_PER_MONTH} downloads a month. Go Premium for unlimited downloads and the batch tools.`}
          className="mb-10"
        />
        <PlanCards viewer={viewer} />
        <p className="mt-10 flex items-center justify-center gap-2 text-center text-sm text-muted-foreground">
          <Lock aria-hidden className="size-4 shrink-0" />
          Payments are handled securely by Stripe. Cancel anytime.
        </p>
      </div>
      <PricingFaq />
    </PageContainer>
  );
}
