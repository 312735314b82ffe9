import { Lock } from 'lucide-react';
import { PageContainer, PageHeader } from '#client/components/layout/page-header.tsx';
import { useViewer } from '#client/app/require-user.tsx';
import { PlanCards } from '#client/features/billing/components/plan-cards.tsx';
import { PricingFaq } from '#client/features/billing/components/pricing-faq.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { FREE_DOWNLOADS_PER_MONTH } from '#shared/billing/plans.ts';

export function PremiumRoute() {
  useDocumentTitle('Simple Pricing', {
    description:
      'WikiLogos plans: Free with 10 logo downloads a month, or Premium for unlimited downloads, direct SVG copy and batch downloads. Cancel anytime.',
  });
  const viewer = useViewer();

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
