import { LayoutGrid } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import type { Logo } from '#shared/search/search.schemas.ts';
import { addToStoredWall } from '../stored-wall.ts';
import { MAX_WALL_NAMES } from '../wall-input.ts';
import { WALL_PATH } from '../wall-url.ts';

/**
 * 'Add to wall': this logo (its name and file) joins the wall kept in this browser. On a card it
 * is a link-sized button beside 'Logo history' (the actions row is full); in the dialog, a button.
 */
export function AddToWallButton({
  logo,
  variant = 'button',
  className,
}: {
  logo: Logo;
  variant?: 'button' | 'link';
  className?: string;
}) {
  const navigate = useNavigate();
  const add = () => {
    const outcome = addToStoredWall({ name: logo.searchTerm, file: logo.title });
    if (outcome === 'full') {
      toast({
        variant: 'destructive',
        title: 'Your wall is full',
        description: `A wall holds up to ${MAX_WALL_NAMES} logos. Remove some on the wall page first.`,
      });
      return;
    }
    toast({
      title: outcome === 'already' ? 'Already on your wall' : 'Added to your wall',
      description: `${logo.searchTerm}: ${logo.title}`,
      action: {
        label: 'Open wall',
        altText: 'Open the logo wall',
        onClick: () => void navigate(WALL_PATH),
      },
    });
  };
  const link = variant === 'link';
  return (
    <Button
      variant={link ? 'link' : 'outline'}
      onClick={add}
      // On a card, the logo's title too: a page holds many of these.
      aria-label={link ? `Add to wall: ${logo.title}` : undefined}
      className={cn(link && 'w-fit gap-1 text-xs', className)}
    >
      <LayoutGrid aria-hidden className={link ? 'size-3.5' : undefined} />
      Add to wall
    </Button>
  );
}
