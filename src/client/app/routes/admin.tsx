import { Link } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { PageContainer, PageHeader } from '#client/components/layout/page-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { EmptyState } from '#client/components/ui/empty-state.tsx';
import { RequireUser } from '#client/app/require-user.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

export function AdminRoute() {
  useDocumentTitle('Admin Dashboard');
  return (
    <RequireUser admin>
      {(user) => (
        <PageContainer className="py-12 sm:py-16">
          <PageHeader
            title="Admin Dashboard"
            description={`Signed in as ${user.username}. User management and premium access codes.`}
          />
          <EmptyState
            className="mt-10"
            icon={<ShieldCheck />}
            title="Administration tools are on their way"
            description="User management and premium access codes arrive in the next release."
          >
            <Button asChild variant="outline">
              <Link to="/">Back to Home</Link>
            </Button>
          </EmptyState>
        </PageContainer>
      )}
    </RequireUser>
  );
}
