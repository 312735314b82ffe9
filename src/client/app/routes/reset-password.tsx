import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CircleCheck, KeyRound, LoaderCircle, TriangleAlert } from 'lucide-react';
import { PageContainer } from '#client/components/layout/page-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx';
import { useValidateResetToken } from '#client/features/accounts/api/validate-reset-token.ts';
import { ResetPasswordForm } from '#client/features/accounts/components/reset-password-form.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

const MISSING_TOKEN =
  'The password reset link is missing the required token. Please request a new link.';
const REDIRECT_AFTER_MS = 3000;

export function ResetPasswordRoute() {
  useDocumentTitle('Reset Password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const check = useValidateResetToken(token);
  const [done, setDone] = useState(false);
  const navigate = useNavigate();

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate('/auth'), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  if (!token) return <InvalidLink message={MISSING_TOKEN} />;

  if (done) {
    return (
      <ResetCard
        icon={<CircleCheck className="size-6" />}
        title="Password Reset Successful"
        description="Your password has been changed. Taking you to the login page…"
      >
        <Button asChild>
          <Link to="/auth">Go to Login</Link>
        </Button>
      </ResetCard>
    );
  }

  if (check.isPending) {
    return (
      <ResetCard
        icon={<LoaderCircle className="size-6 animate-spin" />}
        title="Reset Password"
        description="Checking your reset link…"
        busy
      />
    );
  }

  if (check.isError) return <InvalidLink message={check.error.message} />;
  if (!check.data.valid) return <InvalidLink message={check.data.message} />;

  return (
    <ResetCard
      icon={<KeyRound className="size-6" />}
      title="Reset Password"
      description="Choose a new password of at least 6 characters."
    >
      <ResetPasswordForm token={token} onSuccess={() => setDone(true)} />
    </ResetCard>
  );
}

function InvalidLink({ message }: { message: string }) {
  return (
    <ResetCard
      icon={<TriangleAlert className="size-6" />}
      title="Invalid Reset Link"
      description={message}
    >
      <Button asChild>
        <Link to="/auth">Return to Login</Link>
      </Button>
    </ResetCard>
  );
}

function ResetCard({
  icon,
  title,
  description,
  busy = false,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  busy?: boolean;
  children?: ReactNode;
}) {
  return (
    <PageContainer className="flex justify-center py-16 sm:py-24">
      <Card className="w-full max-w-md" aria-busy={busy || undefined}>
        <CardHeader className="items-center text-center">
          <span
            aria-hidden
            className="mb-2 flex size-12 items-center justify-center rounded-2xl bg-accent text-accent-foreground"
          >
            {icon}
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <CardDescription className="text-sm/6" role={busy ? 'status' : undefined}>
            {description}
          </CardDescription>
        </CardHeader>
        {children && <CardContent className="grid justify-items-stretch">{children}</CardContent>}
      </Card>
    </PageContainer>
  );
}
