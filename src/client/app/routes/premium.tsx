import { Lock } from 'lucide-react';
import { PageContainer, PageHeader } from '#client/components/layout/page-header.tsx';
import { PlanCards } from '#client/features/billing/components/plan-cards.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

export function PremiumRoute() {
  useDocumentTitle('Simple Pricing');
  return (
    <PageContainer className="py-14 sm:py-20">
      <PageHeader
        align="center"
        eyebrow="Pricing"
        title="Simple Pricing"
        description="Start free with 10 downloads a month. Go Premium for unlimited downloads and the batch tools."
        className="mb-10"
      />
      <PlanCards />
      <p className="mt-10 flex items-center justify-center gap-2 text-center text-sm text-muted-foreground">
        <Lock aria-hidden className="size-4 shrink-0" />
        Payments are handled securely by Stripe. Cancel anytime.
      </p>
    </PageContainer>
  );
}
