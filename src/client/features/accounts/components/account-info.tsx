import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, LogOut } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useResendVerification } from '../api/account-api.ts';
import { EditUsernameDialog } from './edit-username-dialog.tsx';
import { useSignOut } from '../hooks/use-sign-out.ts';
import type { User } from '#shared/accounts/accounts.schemas.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/**
 * The dashboard's 'Account Info' tab: details and sign-out, beside the download usage card that
 * the page passes in (it belongs to the downloads feature, which this feature may not import).
 */
export function AccountInfo({
  user,
  premium,
  usage,
}: {
  user: User;
  /** Whether Premium is active now (billing's rule, which this feature may not import). */
  premium: boolean;
  usage?: ReactNode;
}) {
  const { signOut, isPending } = useSignOut();
  // `premium` already requires the expiry, when there is one, to be in the future.
  const expiry = user.subscriptionExpiryDate ? new Date(user.subscriptionExpiryDate) : null;
  const showAccessUntil = premium && expiry !== null;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <SectionCard
        title="Account Information"
        description="Your account details."
        contentClassName="grid gap-6"
      >
        <dl className="grid gap-4 text-sm">
          <div className="grid gap-1">
            <dt className="text-muted-foreground">Username</dt>
            <dd className="flex items-center gap-1 font-medium">
              <span className="truncate">{user.username}</span>
              <EditUsernameDialog username={user.username} />
            </dd>
          </div>
          <div className="grid gap-1">
            <dt className="text-muted-foreground">Email</dt>
            <dd className="grid justify-items-start gap-2">
              <span className="font-medium break-all">{user.email ?? 'Not provided'}</span>
              {user.email && <EmailVerification verified={user.emailVerified} />}
            </dd>
          </div>
          <div className="grid gap-1">
            <dt className="text-muted-foreground">Account Type</dt>
            <dd className="font-medium">{premium ? 'Premium' : 'Free'}</dd>
          </div>
          {showAccessUntil && (
            <div className="grid gap-1">
              <dt className="text-muted-foreground">Access Until</dt>
              <dd className="font-medium">{dateFormat.format(expiry)}</dd>
            </div>
          )}
        </dl>
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={isPending}
          onClick={() => signOut('/auth')}
        >
          <LogOut aria-hidden />
          Sign Out
        </Button>
      </SectionCard>
      {usage}
    </div>
  );
}

/**
 * Whether the email is verified, and a way to send the link again. Google sign-in links to an
 * existing account only once its email is verified, so the state is worth showing.
 */
function EmailVerification({ verified }: { verified: boolean }) {
  const resend = useResendVerification();
  if (verified) {
    return (
      <Badge variant="accent">
        <CircleCheck aria-hidden />
        Verified
      </Badge>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Badge variant="outline">
        <CircleAlert aria-hidden />
        Not verified
      </Badge>
      <Button
        variant="link"
        size="sm"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: ({ message }) =>
              toast({ title: 'Verification email sent', description: message }),
          })
        }
      >
        {resend.isPending ? 'Sending…' : 'Resend verification email'}
      </Button>
    </div>
  );
}
