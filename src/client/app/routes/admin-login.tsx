import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Redirect } from '#client/app/redirect.tsx';
import { ShieldCheck } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Notice } from '#client/components/ui/notice.tsx';
import { StatusCard } from '#client/components/ui/status-card.tsx';
import { PageSpinner } from '#client/app/require-user.tsx';
import { useLogout } from '#client/features/accounts/api/logout.ts';
import { LoginForm } from '#client/features/accounts/components/account-forms.tsx';
import { useCurrentUser } from '#client/features/accounts/hooks/use-current-user.ts';
import { safeRedirectPath } from '#client/features/accounts/post-login-redirect.ts';
import {
  SESSION_ENDED_MESSAGE,
  SESSION_ENDED_REASON,
} from '#client/features/accounts/session-ended.ts';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

const NOT_ADMIN = 'You must be an administrator to access this page';

/** Back to the admin page the visitor was on (?redirect=), or /admin; never anywhere else. */
function adminReturnPath(redirect: string | null): string {
  const path = safeRedirectPath(redirect);
  return path && /^\/admin(?:[/?#]|$)/.test(path) ? path : '/admin';
}

export function AdminLoginRoute() {
  useDocumentTitle('Admin Login');
  const { user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const sessionEnded = searchParams.get('reason') === SESSION_ENDED_REASON;
  const returnPath = adminReturnPath(searchParams.get('redirect'));
  const logout = useLogout();
  const [refused, setRefused] = useState(false);
  // Who was signed in when the page opened (undefined until the session answers). Only that visitor
  // is sent on at once; a login made on this page is handled by the form (a refused
  // non-administrator is signed out again and stays here to read why).
  const [onArrival, setOnArrival] = useState<{ isAdmin: boolean } | null | undefined>(undefined);
  if (!isLoading && onArrival === undefined) setOnArrival(user && { isAdmin: user.isAdmin });

  if (onArrival === undefined) return <PageSpinner />;
  if (onArrival) return <Redirect to={onArrival.isAdmin ? returnPath : '/'} />;

  return (
    <StatusCard
      icon={<ShieldCheck className="size-6" />}
      title="Admin Login"
      description="Sign in with an administrator account to manage users and premium access codes."
    >
      {(refused || sessionEnded) && (
        <Notice variant="warning" role="alert">
          {refused ? NOT_ADMIN : SESSION_ENDED_MESSAGE}
        </Notice>
      )}
      <LoginForm
        usernameLabel="Username"
        onSuccess={(signedIn) => {
          if (signedIn.isAdmin) {
            void navigate(returnPath, { replace: true });
            return;
          }
          // The server already refuses admin calls to this account; leaving it signed in after
          // an admin login attempt would just be surprising.
          setRefused(true);
          logout.mutate();
        }}
      />
      <Button asChild variant="outline">
        <Link to="/">Back to Home</Link>
      </Button>
    </StatusCard>
  );
}
