import { Link } from 'react-router';
import { LayoutDashboard } from 'lucide-react';
import { PageContainer, PageHeader } from '#client/components/layout/page-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { EmptyState } from '#client/components/ui/empty-state.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

export function DashboardRoute() {
  useDocumentTitle('Your Dashboard');
  return (
    <PageContainer className="py-12 sm:py-16">
      <PageHeader
        title="Your Dashboard"
        description="Your account, downloads and subscription in one place."
      />
      <EmptyState
        className="mt-10"
        icon={<LayoutDashboard />}
        title="Sign in to see your dashboard"
        description="Your download usage, download history and subscription details will appear here once you sign in."
      >
        <Button asChild>
          <Link to="/auth?redirect=/dashboard">Login</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/">Browse Logos</Link>
        </Button>
      </EmptyState>
    </PageContainer>
  );
}
