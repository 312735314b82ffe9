import { Link } from 'react-router';
import { Crown, LogOut } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#client/components/ui/card.tsx';
import { EditUsernameDialog } from './edit-username-dialog.tsx';
import { isPremiumActive } from '../hooks/use-current-user.ts';
import { useSignOut } from '../hooks/use-sign-out.ts';
import { FREE_DOWNLOADS_PER_MONTH } from '#shared/billing/plans.ts';
import type { User } from '#shared/accounts/accounts.schemas.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/** The dashboard's 'Account Info' tab: details, sign-out and download usage. */
export function AccountInfo({ user }: { user: User }) {
  const premium = isPremiumActive(user);
  const { signOut, isPending } = useSignOut();
  // isPremiumActive already requires the expiry, when there is one, to be in the future.
  const expiry = user.subscriptionExpiryDate ? new Date(user.subscriptionExpiryDate) : null;
  const showAccessUntil = premium && expiry !== null;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle level={2}>Account Information</CardTitle>
          <CardDescription>Your account details.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
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
              <dd className="font-medium break-all">{user.email ?? 'Not provided'}</dd>
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
        </CardContent>
      </Card>
      <DownloadUsageCard user={user} premium={premium} />
    </div>
  );
}

function DownloadUsageCard({ user, premium }: { user: User; premium: boolean }) {
  const used = user.downloadCount;
  const remaining = Math.max(0, FREE_DOWNLOADS_PER_MONTH - used);
  const percent = premium ? 0 : Math.min(100, (used / FREE_DOWNLOADS_PER_MONTH) * 100);
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>Download Usage</CardTitle>
        <CardDescription>
          {premium ? 'Premium downloads are unlimited.' : 'Free accounts get 10 downloads a month.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-3xl font-semibold tracking-tight tabular-nums">
          {used}
          <span className="text-lg font-normal text-muted-foreground">
            {' / '}
            {premium ? (
              <>
                <span aria-hidden>∞</span>
                <span className="sr-only">unlimited</span>
              </>
            ) : (
              FREE_DOWNLOADS_PER_MONTH
            )}
          </span>
        </p>
        <div
          role="progressbar"
          aria-label="Downloads used"
          aria-valuemin={0}
          aria-valuemax={premium ? undefined : FREE_DOWNLOADS_PER_MONTH}
          aria-valuenow={premium ? undefined : used}
          aria-valuetext={premium ? `${used} downloads, unlimited` : undefined}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width]"
            style={{ width: `${premium ? 100 : percent}%` }}
          />
        </div>
        <p className="flex justify-between text-sm">
          <span className="text-muted-foreground">Downloads remaining</span>
          <span className="font-medium">{premium ? 'Unlimited' : remaining}</span>
        </p>
        {!premium && (
          <Button asChild className="justify-self-start">
            <Link to="/premium">
              <Crown aria-hidden />
              Upgrade to Premium
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
