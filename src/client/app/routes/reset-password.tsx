import { Link, useSearchParams } from 'react-router';
import { KeyRound, TriangleAlert } from 'lucide-react';
import { PageContainer } from '#client/components/layout/page-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

export function ResetPasswordRoute() {
  useDocumentTitle('Reset Password');
  const [searchParams] = useSearchParams();
  const hasToken = Boolean(searchParams.get('token'));

  return (
    <PageContainer className="flex justify-center py-16 sm:py-24">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span
            aria-hidden
            className="mb-2 flex size-12 items-center justify-center rounded-2xl bg-accent text-accent-foreground"
          >
            {hasToken ? <KeyRound className="size-6" /> : <TriangleAlert className="size-6" />}
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">
            {hasToken ? 'Reset Password' : 'Invalid Reset Link'}
          </h1>
          <CardDescription className="text-sm/6">
            {hasToken
              ? 'Choosing a new password opens together with user accounts. Until then, no password can be changed here.'
              : 'The password reset link is missing the required token. Please request a new link.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex justify-center">
          <Button asChild>
            <Link to="/auth">Return to Login</Link>
          </Button>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
