import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoaderCircle, MailCheck, TriangleAlert } from 'lucide-react';
import { StatusCard } from '#client/components/ui/status-card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useVerifyEmail } from '#client/features/accounts/api/account-api.ts';
import { useCurrentUser } from '#client/features/accounts/hooks/use-current-user.ts';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

const MISSING_TOKEN =
  'This verification link is incomplete. Open the link from the email again, or send a new one from your dashboard.';

/**
 * The page the emailed verification link opens. The page itself confirms (a POST), so a mail
 * scanner that merely fetches the link verifies nothing.
 */
export function VerifyEmailRoute() {
  useDocumentTitle('Verify Email');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  // Present on the link that confirms a new address ('Change email').
  const email = searchParams.get('email')?.trim() || undefined;
  const verify = useVerifyEmail();
  const { user } = useCurrentUser();
  // Once per visit: React runs effects twice in development, and the link works only once.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate({ token, email });
  }, [token, email, verify]);

  const next = (
    <Button asChild>
      {user ? (
        <Link to="/dashboard">Go to your dashboard</Link>
      ) : (
        <Link to="/auth">Go to Login</Link>
      )}
    </Button>
  );

  const failure = !token ? MISSING_TOKEN : verify.isError ? verify.error.message : null;
  if (failure !== null || verify.isSuccess) {
    return (
      <StatusCard
        icon={
          failure !== null ? <TriangleAlert className="size-6" /> : <MailCheck className="size-6" />
        }
        title={failure !== null ? 'Invalid Verification Link' : 'Email Verified'}
        description={failure ?? verify.data?.message}
      >
        {next}
      </StatusCard>
    );
  }
  return (
    <StatusCard
      icon={<LoaderCircle className="size-6 animate-spin" />}
      title="Verify Email"
      description="Verifying your email address…"
      busy
    />
  );
}
