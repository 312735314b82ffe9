import { useEffect, useRef } from 'react';
import { toast } from '#client/components/ui/use-toast.ts';
import { FAVOURITES_LIMIT } from '#shared/favourites/favourites.schemas.ts';
import { useImportFavourites } from '../api/favourites-api.ts';
import { browserFavourites, removeFromBrowser } from '../browser-favourites.ts';

/**
 * Mounted once someone is signed in (email, Google or a new account): the favourites this browser kept
 * for them as a guest move to the account: one request that adds only what the account lacks,
 * then the browser forgets exactly those logos. A second run (another tab, a reload before the
 * answer) adds nothing twice (docs/decisions/049-favourites.md).
 */
export function MergeBrowserFavourites() {
  const inBrowser = browserFavourites.use();
  const merge = useImportFavourites();
  const sent = useRef<readonly unknown[] | null>(null);

  useEffect(() => {
    if (inBrowser.length === 0 || merge.isPending || sent.current === inBrowser) return;
    sent.current = inBrowser;
    const logos = inBrowser;
    merge.mutate(logos, {
      onSuccess: ({ added, skipped }) => {
        removeFromBrowser(logos.map((logo) => logo.url));
        if (skipped > 0) {
          toast({
            variant: 'destructive',
            title: 'Some favourites were not added',
            description: `${skipped} of this browser's favourites did not fit: an account keeps at most ${FAVOURITES_LIMIT}.`,
          });
        } else if (added > 0) {
          toast({
            title: 'Favourites saved to your account',
            description: `${added} ${added === 1 ? 'favourite' : 'favourites'} from this browser ${added === 1 ? 'is' : 'are'} now on your account.`,
          });
        }
      },
    });
  }, [inBrowser, merge]);

  return null;
}
