import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '#client/components/ui/dialog.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useCancelSubscription } from '../api/cancel-subscription.ts';
import { FREE_DOWNLOADS_PER_MONTH } from '#shared/billing/plans.ts';

const CANCELED_MESSAGE =
  'Your subscription has been canceled. You will still have access until the end of your billing period.';
const CANCEL_FAILED_MESSAGE = 'Failed to cancel subscription. Please try again.';

/**
 * 'Cancel Subscription' and its confirmation (spec 001 §2, §8): Stripe ends the subscription at
 * the period end, so Premium continues until `endsOn` and then the plan drops to Free.
 */
export function CancelSubscriptionDialog({ endsOn }: { endsOn: string | null }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelSubscription();

  // mutateAsync, not mutate's callbacks: the refreshed status removes this dialog (nothing left
  // to cancel) before mutate's per-call callbacks would run, and those skip unmounted components.
  const confirm = async () => {
    try {
      const { message } = await cancel.mutateAsync();
      setOpen(false);
      toast({ title: 'Subscription Canceled', description: message || CANCELED_MESSAGE });
    } catch (error) {
      setOpen(false);
      toast({
        title: 'Error',
        description: (error instanceof Error && error.message) || CANCEL_FAILED_MESSAGE,
        variant: 'destructive',
      });
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !cancel.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline" className="justify-self-start">
          Cancel Subscription
        </Button>
      </DialogTrigger>
      <DialogContent className="p-6" closeLabel="Keep subscription and close">
        <div className="grid gap-4">
          <div className="grid gap-1.5 pr-8">
            <DialogTitle>Cancel your subscription?</DialogTitle>
            <DialogDescription>
              You keep Premium until the end of your current billing period
              {endsOn ? ` (${endsOn})` : ''}, and you won't be charged again. After that your plan
              drops to Free, with {FREE_DOWNLOADS_PER_MONTH} downloads a month and no batch tools.
            </DialogDescription>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={cancel.isPending}>
                No, Keep Subscription
              </Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={cancel.isPending}
              onClick={() => void confirm()}
            >
              {cancel.isPending ? 'Canceling...' : 'Yes, Cancel Subscription'}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
