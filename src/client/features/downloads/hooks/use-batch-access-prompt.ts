import { useLocation, useNavigate } from 'react-router';
import { openUpgradeDialog } from '#client/components/ui/use-upgrade-dialog.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import type { ApiError } from '#client/lib/api-client.ts';
import { DOWNLOAD_MESSAGES } from '#shared/downloads/downloads.schemas.ts';

/** Who is asking, as far as batch mode goes: the page knows the user and says which. */
export type BatchAccess = 'guest' | 'free' | 'premium';

/** Whether a 403 refuses the batch for want of Premium (rather than for the download limit). */
export function isPremiumRefusal(error: ApiError): boolean {
  return error.code === 'PREMIUM_REQUIRED';
}

/** Guests are asked to sign in (and come back here); free users get 'Premium Subscription Required'. */
export function useBatchAccessPrompt() {
  const navigate = useNavigate();
  const location = useLocation();

  return (access: Exclude<BatchAccess, 'premium'>, feature: 'batch' | 'consolidate' = 'batch') => {
    if (access === 'guest') {
      const here = `${location.pathname}${location.search}`;
      toast({
        title: 'Sign in to download in batches',
        description:
          'Batch downloads are part of Premium. Sign in or create an account to continue.',
        action: {
          label: 'Sign in',
          altText: 'Sign in to WikiLogos',
          onClick: () => void navigate(`/auth?redirect=${encodeURIComponent(here)}`),
        },
      });
      return;
    }
    const message = DOWNLOAD_MESSAGES[`${feature}Premium`];
    toast({
      title: 'Premium Subscription Required',
      description: message,
      action: {
        label: 'Upgrade',
        altText: 'See the Premium plan',
        onClick: () => openUpgradeDialog({ reason: message }),
      },
    });
  };
}
