import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CircleCheck, KeyRound, LoaderCircle, TriangleAlert } from 'lucide-react';
import { StatusCard } from '#client/components/ui/status-card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useValidateResetToken } from '#client/features/accounts/api/account-api.ts';
import { ResetPasswordForm } from '#client/features/accounts/components/account-forms.tsx';
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
      <StatusCard
        icon={<CircleCheck className="size-6" />}
        title="Password Reset Successful"
        description="Your password has been changed. Taking you to the login page…"
      >
        <Button asChild>
          <Link to="/auth">Go to Login</Link>
        </Button>
      </StatusCard>
    );
  }

  if (check.isPending) {
    return (
      <StatusCard
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
    <StatusCard
      icon={<KeyRound className="size-6" />}
      title="Reset Password"
      description="Choose a new password of at least 6 characters."
    >
      <ResetPasswordForm token={token} onSuccess={() => setDone(true)} />
    </StatusCard>
  );
}

function InvalidLink({ message }: { message: string }) {
  return (
    <StatusCard
      icon={<TriangleAlert className="size-6" />}
      title="Invalid Reset Link"
      description={message}
    >
      <Button asChild>
        <Link to="/auth">Return to Login</Link>
      </Button>
    </StatusCard>
  );
}
