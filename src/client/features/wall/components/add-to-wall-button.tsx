import { LayoutGrid } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
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
  return variant === 'link' ? (
    <button
      type="button"
      onClick={add}
      // The card's title too: a page holds many of these.
      aria-label={`Add to wall: ${logo.title}`}
      className="inline-flex w-fit cursor-pointer items-center gap-1 text-xs font-medium text-link underline-offset-4 hover:underline"
    >
      <LayoutGrid aria-hidden className="size-3.5" />
      Add to wall
    </button>
  ) : (
    <Button variant="outline" onClick={add} className={className}>
      <LayoutGrid aria-hidden />
      Add to wall
    </Button>
  );
}
