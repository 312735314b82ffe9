import { Link } from 'react-router';
import { LogIn } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';

/**
 * The account corner of the header and of the mobile menu. Accounts arrive in a later issue; then
 * this shows, from the server session (never from browser storage): 'Admin' for administrators,
 * the username linking to /dashboard, and 'Logout' — or 'Login' for visitors, as now.
 */
export function AccountLinks({
  layout,
  onNavigate,
}: {
  layout: 'header' | 'menu';
  onNavigate?: () => void;
}) {
  return (
    <div className={cn('flex items-center gap-2', layout === 'menu' && 'flex-col items-stretch')}>
      <Button
        asChild
        variant={layout === 'header' ? 'outline' : 'primary'}
        size={layout === 'header' ? 'sm' : 'lg'}
      >
        <Link to="/auth" onClick={onNavigate}>
          {layout === 'menu' && <LogIn aria-hidden />}
          Login
        </Link>
      </Button>
    </div>
  );
}
