import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useCancelSubscription } from '../api/cancel-subscription.ts';
import { FREE_DOWNLOADS_PER_MONTH } from '#shared/billing/plans.ts';

const CANCELED_MESSAGE =
  'Your subscription has been canceled. You will still have access until the end of your billing period.';

/**
 * 'Cancel Subscription' and its confirmation: Stripe ends the subscription at the period end, so
 * Premium continues until `endsOn` and then the plan drops to Free.
 */
export function CancelSubscriptionDialog({ endsOn }: { endsOn: string | null }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelSubscription();

  // mutateAsync, not mutate's callbacks: the refreshed status removes this dialog (nothing left
  // to cancel) before mutate's per-call callbacks would run, and those skip unmounted components.
  // A failure is the query client's default toast.
  const confirm = async () => {
    const result = await cancel.mutateAsync().catch(() => null);
    setOpen(false);
    if (result)
      toast({ title: 'Subscription Canceled', description: result.message || CANCELED_MESSAGE });
  };

  return (
    <>
      <Button variant="outline" className="justify-self-start" onClick={() => setOpen(true)}>
        Cancel Subscription
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Cancel your subscription?"
        description={
          <p>
            You keep Premium until the end of your current billing period
            {endsOn ? ` (${endsOn})` : ''}, and you won't be charged again. After that your plan
            drops to Free, with {FREE_DOWNLOADS_PER_MONTH} downloads a month and no batch tools.
          </p>
        }
        closeLabel="Keep subscription and close"
        cancelLabel="No, Keep Subscription"
        confirmLabel="Yes, Cancel Subscription"
        pendingLabel="Canceling..."
        pending={cancel.isPending}
        destructive
        onConfirm={() => void confirm()}
      />
    </>
  );
}
