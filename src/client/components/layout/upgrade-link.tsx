import { Link } from 'react-router';
import { Crown } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';

/** 'Upgrade to Premium': the link to /premium wherever a free account meets a Premium feature. */
export function UpgradeLink({ className }: { className?: string }) {
  return (
    <Button asChild className={className}>
      <Link to="/premium">
        <Crown aria-hidden />
        Upgrade to Premium
      </Link>
    </Button>
  );
}
