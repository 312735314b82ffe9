import { Link } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { PageContainer, PageHeader } from '#client/components/layout/page-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { EmptyState } from '#client/components/ui/empty-state.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

export function AdminRoute() {
  useDocumentTitle('Admin Dashboard');
  return (
    <PageContainer className="py-12 sm:py-16">
      <PageHeader title="Admin Dashboard" description="User management and premium access codes." />
      <EmptyState
        className="mt-10"
        icon={<ShieldCheck />}
        title="Administrators only"
        description="Sign in with an administrator account to manage users and premium access codes."
      >
        <Button asChild>
          <Link to="/admin-login">Admin Login</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/">Back to Home</Link>
        </Button>
      </EmptyState>
    </PageContainer>
  );
}
