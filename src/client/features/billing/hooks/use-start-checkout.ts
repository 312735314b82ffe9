import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '#client/components/ui/use-toast.ts';
import { isApiError } from '#client/lib/api-client.ts';
import { useCreateSubscription } from '../api/create-subscription.ts';
import { billingConfigQueryOptions, useBillingConfig } from '../api/get-billing-config.ts';
import type { BillingPeriod } from '#shared/billing/plans.ts';
import { PAYMENTS_NOT_CONFIGURED_MESSAGE } from '#shared/billing/billing.schemas.ts';

const CHECKOUT_FAILED_MESSAGE = 'Failed to initiate subscription';

/**
 * Opens a blank tab inside the click. A tab opened only after the server has answered is no
 * longer tied to the click, and Safari and Firefox block it as a popup; the blank tab is sent to
 * the checkout page once its address is known. Null when the browser blocked it anyway.
 */
function openPendingTab(): Window | null {
  let tab: Window | null;
  try {
    tab = window.open('', '_blank');
  } catch {
    return null;
  }
  if (!tab) return null;
  // The checkout page must not be able to reach back into this page.
  tab.opener = null;
  try {
    tab.document.title = 'Opening secure checkout…';
    if (tab.document.body) tab.document.body.textContent = 'Opening secure checkout…';
  } catch {
    // Only cosmetic.
  }
  return tab;
}

/** Only web addresses: a `javascript:` url in the same-origin blank tab would run as this site. */
function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url, window.location.href);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

interface StartCheckoutOptions {
  /** Called once the checkout page has opened in a new tab (the upgrade dialog closes then). */
  onStarted?: () => void;
}

/**
 * 'Upgrade Now' for a signed-in user: opens Stripe Checkout in a new tab, or in this one when no
 * tab can be opened. A server without payments is explained (toast, `notConfigured`), not failed.
 */
export function useStartCheckout({ enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  // Asked up front (when `enabled`), so a server without payments is explained without opening
  // a tab first; a click before the answer asks on its own.
  const config = useBillingConfig({ enabled });
  const create = useCreateSubscription();
  const [busy, setBusy] = useState(false);
  const [notConfigured, setNotConfigured] = useState(false);

  const explainNotConfigured = () => {
    setNotConfigured(true);
    toast({ title: 'Payments Not Available', description: PAYMENTS_NOT_CONFIGURED_MESSAGE });
  };

  const startCheckout = async (period: BillingPeriod, options: StartCheckoutOptions = {}) => {
    if (busy) return;
    if (config.data?.paymentsConfigured === false) {
      explainNotConfigured();
      return;
    }
    const tab = openPendingTab();
    setBusy(true);
    try {
      // If the configuration cannot be read, the create call below gives the real answer.
      const configured = await queryClient
        .ensureQueryData(billingConfigQueryOptions())
        .then((answer) => answer.paymentsConfigured)
        .catch(() => true);
      if (!configured) {
        tab?.close();
        explainNotConfigured();
        return;
      }
      const { url } = await create.mutateAsync({ isAnnual: period === 'annual' });
      if (!isWebUrl(url)) throw new Error(CHECKOUT_FAILED_MESSAGE);
      if (tab && !tab.closed) {
        tab.location.href = url;
        toast({
          title: 'Checkout Started',
          description: 'Your payment page has been opened in a new tab',
        });
        options.onStarted?.();
      } else {
        window.location.assign(url);
      }
    } catch (error) {
      tab?.close();
      if (isApiError(error) && error.code === 'PAYMENTS_NOT_CONFIGURED') {
        explainNotConfigured();
        return;
      }
      toast({
        title: 'Subscription Failed',
        description: (error instanceof Error && error.message) || CHECKOUT_FAILED_MESSAGE,
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return {
    startCheckout: (period: BillingPeriod, options?: StartCheckoutOptions) =>
      void startCheckout(period, options),
    isPending: busy,
    notConfigured: notConfigured || config.data?.paymentsConfigured === false,
  };
}
