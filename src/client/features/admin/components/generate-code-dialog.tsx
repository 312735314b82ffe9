import { useState } from 'react';
import { Check, Copy, Plus } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTrigger,
} from '#client/components/ui/dialog.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Notice } from '#client/components/ui/notice.tsx';
import { useZodForm } from '#client/lib/use-zod-form.ts';
import { CreatePremiumCodeBodySchema } from '#shared/premium-codes/premium-codes.schemas.ts';
import { useCreatePremiumCode } from '../api/admin-api.ts';
import { copyWithToast } from '../copy-with-toast.ts';
import { durationText } from '../admin-format.ts';
import { formatLongDate } from '#client/lib/format-date.ts';

const DEFAULTS = { duration: '30', expiryDays: '14' };
const FIELDS = [
  {
    name: 'duration',
    label: 'Premium duration (days)',
    max: 365,
    hint: 'How long Premium lasts once redeemed: 1 to 365 days.',
  },
  {
    name: 'expiryDays',
    label: 'Code expires after (days)',
    max: 90,
    hint: 'How long the code can be redeemed: 1 to 90 days from now.',
  },
] as const;

/** 'Generate Code', checked with the server's own schema; the new code is then shown to copy. */
export function GenerateCodeDialog() {
  const [open, setOpen] = useState(false);
  const form = useZodForm(CreatePremiumCodeBodySchema, DEFAULTS);
  const [copied, setCopied] = useState(false);
  const create = useCreatePremiumCode();
  const created = create.data;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      form.reset(DEFAULTS);
      setCopied(false);
      create.reset();
    }
  };

  const submit = form.handleSubmit(({ duration, expiryDays }) =>
    create.mutate({ duration, expiryDays }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden />
          Generate Code
        </Button>
      </DialogTrigger>
      <DialogContent className="p-6">
        {created ? (
          <div className="grid gap-5">
            <DialogHeader
              title="Premium Code Created"
              description="Share this code with the person it is for. It can be redeemed once."
            />
            <div className="grid gap-3 rounded-xl border bg-surface p-4 text-center">
              <p
                className="font-mono text-2xl font-semibold tracking-[0.2em] break-all select-all sm:text-3xl"
                aria-label={`New premium code ${created.code}`}
                role="status"
              >
                {created.code}
              </p>
              <p className="text-sm text-muted-foreground">
                {durationText(created.duration)} of Premium · redeemable until{' '}
                {formatLongDate(created.expiresAt) ?? created.expiresAt}
              </p>
              <Button
                variant="outline"
                className="justify-self-center"
                // The form that had focus is gone; land on the next thing to do.
                autoFocus
                onClick={() =>
                  void copyWithToast(created.code, {
                    success: `Code ${created.code} is on your clipboard.`,
                  }).then(setCopied)
                }
              >
                {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
                {copied ? 'Copied' : 'Copy code'}
              </Button>
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(true)}>
                Generate another
              </Button>
              <DialogClose asChild>
                <Button>Done</Button>
              </DialogClose>
            </DialogFooter>
          </div>
        ) : (
          <form
            noValidate
            onSubmit={submit}
            className="grid gap-4"
            aria-label="Generate a premium code"
          >
            <DialogHeader
              title="Generate Premium Code"
              description="A one-time code that gives its redeemer Premium for the chosen number of days."
            />
            {create.isError && (
              <Notice role="alert" variant="warning">
                <p className="font-medium">Failed to create premium code</p>
                <p>{create.error.message}</p>
              </Notice>
            )}
            {FIELDS.map(({ name, ...props }) => (
              <FormField
                key={name}
                {...props}
                {...form.field(name)}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
              />
            ))}
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? 'Generating...' : 'Generate Code'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
