import { Heart } from 'lucide-react';
import { Button, type ButtonProps } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import type { Logo } from '#shared/search/search.schemas.ts';
import type { Favourites } from '../hooks/use-favourites.ts';

/**
 * The heart: adds the logo to the favourites or removes it (aria-pressed says which it is now; the
 * toast that follows says what happened). Waits, disabled, while the session check answers.
 */
export function FavouriteButton({
  logo,
  favourites,
  size = 'icon-sm',
  className,
}: {
  logo: Logo;
  favourites: Favourites;
  size?: Extract<ButtonProps['size'], 'icon-sm' | 'icon' | 'lg'>;
  className?: string;
}) {
  const on = favourites.isFavourite(logo);
  const label = on ? 'Remove from favourites' : 'Add to favourites';
  return (
    <Button
      type="button"
      variant="outline"
      size={size}
      aria-pressed={on}
      title={label}
      disabled={favourites.keeper === 'loading'}
      onClick={() => favourites.toggle(logo)}
      className={cn('shrink-0', className)}
    >
      <Heart
        aria-hidden
        className={cn(on && 'fill-rose-600 text-rose-600 dark:fill-rose-400 dark:text-rose-400')}
      />
      {size === 'lg' ? (
        <span>
          {label}
          <span className="sr-only">: {logo.title}</span>
        </span>
      ) : (
        <span className="sr-only">
          {label}: {logo.title}
        </span>
      )}
    </Button>
  );
}
