import { useMemo } from 'react';
import { toast } from '#client/components/ui/use-toast.ts';
import { FAVOURITE_MESSAGES } from '#shared/favourites/favourites.schemas.ts';
import type { Logo } from '#shared/search/search.schemas.ts';
import { useAccountFavourites, useToggleAccountFavourite } from '../api/favourites-api.ts';
import { addToBrowser, browserFavourites, removeFromBrowser } from '../browser-favourites.ts';

/** Who keeps the favourites: the account, this browser, or not known yet (the session check). */
export type FavouritesKeeper = 'account' | 'browser' | 'loading';

export type Favourites = {
  keeper: FavouritesKeeper;
  /** Newest first. */
  logos: readonly Logo[];
  /** True until the account's list has come. */
  isPending: boolean;
  isFavourite: (logo: Logo) => boolean;
  toggle: (logo: Logo) => void;
};

const NONE: readonly Logo[] = [];

/**
 * The favourites of whoever is here: the page says who keeps them (it knows who is signed in), so
 * the hearts and the lists read and change one list.
 */
export function useFavourites(keeper: FavouritesKeeper): Favourites {
  const inBrowser = browserFavourites.use();
  const account = useAccountFavourites(keeper === 'account');
  const toggleOnAccount = useToggleAccountFavourite();

  const logos =
    keeper === 'account' ? (account.data ?? NONE) : keeper === 'browser' ? inBrowser : NONE;
  const urls = useMemo(() => new Set(logos.map((logo) => logo.url)), [logos]);

  const toggle = (logo: Logo) => {
    const add = !urls.has(logo.url);
    if (keeper === 'account') {
      toggleOnAccount.mutate(
        { logo, add },
        {
          onSuccess: () =>
            toast({ title: add ? FAVOURITE_MESSAGES.added : FAVOURITE_MESSAGES.removed }),
        },
      );
      return;
    }
    if (keeper !== 'browser') return;
    if (!add) {
      removeFromBrowser([logo.url]);
      toast({ title: FAVOURITE_MESSAGES.removed });
    } else if (addToBrowser(logo) === 'full') {
      toast({
        variant: 'destructive',
        title: 'Favourites full',
        description: FAVOURITE_MESSAGES.full,
      });
    } else {
      toast({ title: FAVOURITE_MESSAGES.added, description: FAVOURITE_MESSAGES.guestNote });
    }
  };

  return {
    keeper,
    logos,
    isPending: keeper === 'loading' || (keeper === 'account' && account.isPending),
    isFavourite: (logo) => urls.has(logo.url),
    toggle,
  };
}
