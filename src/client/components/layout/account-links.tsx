import { Link } from 'react-router';
import { LayoutDashboard, LogIn } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { useCurrentUser } from '#client/features/accounts/hooks/use-current-user.ts';
import { cn } from '#client/lib/cn.ts';
import { lazyPart } from '#client/lib/hydration.tsx';

const SignedInLinks = lazyPart(
  async () => (await import('#client/components/layout/signed-in-links.tsx')).SignedInLinks,
  ({ menu }) => <Placeholder menu={menu} />,
);

// Nothing rather than a 'Login' that flips to a username a moment later.
function Placeholder({ menu }: { menu: boolean }) {
  return <div aria-hidden className={cn(menu ? 'h-11' : 'h-8 w-16')} />;
}

/**
 * The account links of the header, mobile menu and footer, from the server session (never browser
 * storage). The footer never offers 'Logout', so a page never has two.
 */
export function AccountLinks({
  layout,
  onNavigate,
}: {
  layout: 'header' | 'menu' | 'footer';
  /** Called with the destination when a link is followed (the mobile menu closes itself). */
  onNavigate?: (to: string) => void;
}) {
  const { user, isLoading } = useCurrentUser();
  const menu = layout === 'menu';
  if (isLoading) return <Placeholder menu={menu} />;

  if (!user) {
    return (
      <div className={cn('flex items-center gap-2', menu && 'flex-col items-stretch')}>
        <Button asChild variant={menu ? 'primary' : 'outline'} size={menu ? 'lg' : 'sm'}>
          <Link to="/auth" onClick={() => onNavigate?.('/auth')}>
            {menu && <LogIn aria-hidden />}
            Login
          </Link>
        </Button>
      </div>
    );
  }

  if (layout === 'footer') {
    return (
      <Button asChild variant="outline" size="sm">
        <Link to="/dashboard">
          <LayoutDashboard aria-hidden />
          Your Dashboard
        </Link>
      </Button>
    );
  }

  return <SignedInLinks user={user} menu={menu} onNavigate={onNavigate} />;
}
