import { useState } from 'react';
import { MailCheck } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#client/components/ui/dialog.tsx';
import { useRequestReset } from '../api/account-api.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { useZodForm } from '#client/lib/use-zod-form.ts';
import { RequestResetBodySchema } from '#shared/accounts/accounts.schemas.ts';

/** 'Forgot password?' from the login form: email → 'Send Reset Link' → confirmation with 'Done'. */
export function ForgotPasswordDialog() {
  const [open, setOpen] = useState(false);
  const form = useZodForm(RequestResetBodySchema, { email: '' });
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const requestReset = useRequestReset();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset();
      setSentMessage(null);
    }
  };

  const submit = form.handleSubmit(({ email }) =>
    requestReset.mutate(email, { onSuccess: ({ message }) => setSentMessage(message) }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="link" size="sm" className="justify-self-start">
          Forgot password?
        </Button>
      </DialogTrigger>
      <DialogContent className="p-6">
        {sentMessage === null ? (
          <form noValidate onSubmit={submit} className="grid gap-4">
            <DialogHeader
              title="Reset your password"
              description="Enter the email address of your account and we will send you a link to choose a new password."
            />
            <FormField label="Email" type="email" autoComplete="email" {...form.field('email')} />
            <Button type="submit" disabled={requestReset.isPending}>
              {requestReset.isPending ? 'Sending...' : 'Send Reset Link'}
            </Button>
          </form>
        ) : (
          <div className="grid gap-4">
            <div className="grid gap-1.5 pr-8">
              <DialogTitle className="flex items-center gap-2">
                <MailCheck aria-hidden className="size-5 text-link" />
                Check your email
              </DialogTitle>
              <DialogDescription>{sentMessage}</DialogDescription>
            </div>
            <Button onClick={() => onOpenChange(false)}>Done</Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
