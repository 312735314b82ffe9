import { Link } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { PageContainer } from '#client/components/layout/page-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

export function AdminLoginRoute() {
  useDocumentTitle('Admin Login');
  return (
    <PageContainer className="flex justify-center py-16 sm:py-24">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span
            aria-hidden
            className="mb-2 flex size-12 items-center justify-center rounded-2xl bg-accent text-accent-foreground"
          >
            <ShieldCheck className="size-6" />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">Admin Login</h1>
          <CardDescription className="text-sm/6">
            Administrator sign-in opens together with user accounts. Administrator rights always
            come from your signed-in session, never from this browser.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex justify-center">
          <Button asChild variant="outline">
            <Link to="/">Back to Home</Link>
          </Button>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
