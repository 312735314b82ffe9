import { Link } from 'react-router';
import { LogOut, ShieldCheck, UserRound } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { useSignOut } from '#client/features/accounts/hooks/use-sign-out.ts';
import { cn } from '#client/lib/cn.ts';
import type { User } from '#shared/accounts/accounts.schemas.ts';

/**
 * 'Admin' (administrators only), the username linking to /dashboard, and 'Logout'. Its own chunk:
 * logging out brings in the mutation machinery, which a visitor's first load does without.
 */
export function SignedInLinks({
  user,
  menu,
  onNavigate,
}: {
  user: User;
  menu: boolean;
  onNavigate?: (to: string) => void;
}) {
  const { signOut, isPending } = useSignOut();
  const size = menu ? 'lg' : 'sm';
  return (
    <div className={cn('flex items-center gap-1.5', menu && 'flex-col items-stretch gap-2')}>
      {user.isAdmin && (
        <Button asChild variant="ghost" size={size} className={cn(menu && 'justify-start')}>
          <Link to="/admin" onClick={() => onNavigate?.('/admin')}>
            <ShieldCheck aria-hidden />
            Admin
          </Link>
        </Button>
      )}
      <Button
        asChild
        variant="ghost"
        size={size}
        className={cn('max-w-48', menu && 'max-w-none justify-start')}
      >
        <Link to="/dashboard" onClick={() => onNavigate?.('/dashboard')}>
          <UserRound aria-hidden />
          <span className="truncate">{user.username}</span>
        </Link>
      </Button>
      <Button
        variant="outline"
        size={size}
        disabled={isPending}
        onClick={() => {
          onNavigate?.('/');
          signOut('/');
        }}
      >
        {menu && <LogOut aria-hidden />}
        Logout
      </Button>
    </div>
  );
}
