import { useState } from 'react';
import { Pencil } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTrigger,
} from '#client/components/ui/dialog.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useUpdateUsername } from '../api/account-api.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { useZodForm } from '#client/lib/use-zod-form.ts';
import { UpdateUsernameBodySchema } from '#shared/accounts/accounts.schemas.ts';

export function EditUsernameDialog({ username }: { username: string }) {
  const [open, setOpen] = useState(false);
  const form = useZodForm(UpdateUsernameBodySchema, { newUsername: username });
  const update = useUpdateUsername();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) form.reset({ newUsername: username });
  };

  const submit = form.handleSubmit(({ newUsername }) =>
    update.mutate(newUsername, {
      onSuccess: ({ user }) => {
        toast({ title: 'Username Updated', description: `Your username is now ${user.username}.` });
        setOpen(false);
      },
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label="Edit username" title="Edit username">
          <Pencil aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent className="p-6">
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader
            title="Edit Username"
            description="Choose the name shown on your account."
          />
          <FormField
            label="Username"
            autoComplete="username"
            {...form.field('newUsername')}
            hint="3-30 characters: letters, numbers, underscores and hyphens."
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
