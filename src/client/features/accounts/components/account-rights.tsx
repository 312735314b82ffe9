import { useState, type FormEventHandler, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Download, KeyRound, Mail, Trash2 } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
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
import { toast } from '#client/components/ui/use-toast.ts';
import { isApiError } from '#client/lib/api-client.ts';
import { useZodForm } from '#client/lib/use-zod-form.ts';
import {
  ChangeEmailBodySchema,
  ChangePasswordBodySchema,
  type User,
} from '#shared/accounts/accounts.schemas.ts';
import {
  ACCOUNT_EXPORT_URL,
  useChangeEmail,
  useChangePassword,
  useDeleteAccount,
} from '../api/account-api.ts';

/** Where a fresh Google sign-in brings the person back to (this tab). */
const BACK_TO_ACCOUNT = '/dashboard?tab=account';

/**
 * The Account tab's rights (docs/product.md#your-account-rights): change the email or password,
 * take a copy of the data, delete the account.
 */
export function AccountRights({ user }: { user: User }) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <SectionCard
        title="Sign-in and Security"
        description={
          user.googleOnly
            ? 'You sign in with Google. You can change the email address of your account, or set a password to sign in with your username too.'
            : 'Change the email address or the password of your account.'
        }
        contentClassName="flex flex-wrap gap-3"
      >
        <ChangeEmailDialog user={user} />
        <ChangePasswordDialog user={user} />
      </SectionCard>
      <SectionCard
        title="Your Data"
        description="Download a copy of everything we keep about you, or delete your account."
        contentClassName="flex flex-wrap gap-3"
      >
        <Button variant="outline" asChild>
          <a href={ACCOUNT_EXPORT_URL} download>
            <Download aria-hidden />
            Export my data
          </a>
        </Button>
        <DeleteAccountDialog user={user} />
      </SectionCard>
    </div>
  );
}

/**
 * A dialog around one form: its trigger, the server's refusal above the fields, Cancel and the
 * submit button (its own label while the request runs). Opening it starts from empty fields.
 */
function FormDialog({
  trigger,
  title,
  description,
  open,
  onOpenChange,
  onSubmit,
  error,
  pending,
  submitLabel,
  pendingLabel,
  children,
}: {
  trigger: ReactNode;
  title: string;
  description: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  error: Error | null;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="p-6">
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader title={title} description={description} />
          {error && (
            <Notice role="alert" variant="warning">
              {error.message}
            </Notice>
          )}
          {children}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={pending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={pending}>
              {pending ? pendingLabel : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A dialog's open state: opening it starts afresh (empty fields, no earlier refusal). */
function useFreshDialog(startAfresh: () => void) {
  const [open, setOpen] = useState(false);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) startAfresh();
  };
  return { open, setOpen, onOpenChange };
}

/** 'Change password', or 'Set a password' for an account that signs in only with Google. */
function ChangePasswordDialog({ user }: { user: User }) {
  const firstPassword = user.googleOnly;
  const empty = firstPassword
    ? { newPassword: '', confirmPassword: '' }
    : { currentPassword: '', newPassword: '', confirmPassword: '' };
  const form = useZodForm(ChangePasswordBodySchema, empty);
  const change = useChangePassword();
  const { open, setOpen, onOpenChange } = useFreshDialog(() => {
    form.reset(empty);
    change.reset();
  });

  const submit = form.handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: ({ message }) => {
        toast({ title: firstPassword ? 'Password Set' : 'Password Changed', description: message });
        setOpen(false);
      },
    }),
  );

  const label = firstPassword ? 'Set a password' : 'Change password';
  return (
    <FormDialog
      trigger={
        <Button variant="outline">
          <KeyRound aria-hidden />
          {label}
        </Button>
      }
      title={firstPassword ? 'Set a Password' : 'Change Password'}
      description={
        firstPassword
          ? `Then you can also sign in with your username, ${user.username}, and this password. Every other device is signed out.`
          : 'You stay signed in here; every other device is signed out.'
      }
      open={open}
      onOpenChange={onOpenChange}
      onSubmit={submit}
      error={change.error}
      pending={change.isPending}
      submitLabel={firstPassword ? 'Set password' : 'Change password'}
      pendingLabel={firstPassword ? 'Setting...' : 'Changing...'}
    >
      {!firstPassword && (
        <FormField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...form.field('currentPassword')}
        />
      )}
      <FormField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        {...form.field('newPassword')}
      />
      <FormField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...form.field('confirmPassword')}
      />
    </FormDialog>
  );
}

function ChangeEmailDialog({ user }: { user: User }) {
  const empty = { newEmail: '', password: '' };
  const form = useZodForm(ChangeEmailBodySchema, empty);
  const change = useChangeEmail();
  const { open, setOpen, onOpenChange } = useFreshDialog(() => {
    form.reset(empty);
    change.reset();
  });

  const submit = form.handleSubmit(({ newEmail, password }) =>
    change.mutate(user.googleOnly ? { newEmail } : { newEmail, password }, {
      onSuccess: ({ message }) => {
        toast({ title: 'Check your inbox', description: message });
        setOpen(false);
      },
    }),
  );

  return (
    <FormDialog
      trigger={
        <Button variant="outline">
          <Mail aria-hidden />
          Change email
        </Button>
      }
      title="Change Email"
      description="We send a link to the new address. Your email changes when you open it."
      open={open}
      onOpenChange={onOpenChange}
      onSubmit={submit}
      error={change.error}
      pending={change.isPending}
      submitLabel="Send confirmation link"
      pendingLabel="Sending..."
    >
      <FormField label="New email" type="email" autoComplete="email" {...form.field('newEmail')} />
      {!user.googleOnly && (
        <FormField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
        />
      )}
    </FormDialog>
  );
}

function DeleteAccountDialog({ user }: { user: User }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const remove = useDeleteAccount({
    onDeleted: async () => {
      toast({
        title: 'Account Deleted',
        description: 'Your account and its download history have been deleted.',
      });
      await navigate('/');
    },
  });

  const { open, onOpenChange } = useFreshDialog(() => {
    setPassword('');
    remove.reset();
  });

  if (user.isAdmin) {
    return (
      <p className="text-sm text-muted-foreground">
        Administrator accounts cannot be deleted here.
      </p>
    );
  }

  const reauthenticate =
    isApiError(remove.error) && remove.error.code === 'REAUTHENTICATION_REQUIRED';

  return (
    <>
      <Button variant="destructive" onClick={() => onOpenChange(true)}>
        <Trash2 aria-hidden />
        Delete my account
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={onOpenChange}
        title="Delete your account?"
        description={
          <>
            <p>
              Your account, your download history, your favourites and your redeemed codes are
              deleted for good, and you are signed out everywhere. A Premium subscription is
              cancelled at once, without a refund for the rest of the period.
            </p>
            <p>Export your data first if you want to keep a copy.</p>
          </>
        }
        confirmLabel="Delete my account"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        destructive
        onConfirm={() => remove.mutate(user.googleOnly ? {} : { password })}
      >
        {remove.isError && (
          <Notice role="alert" variant="warning">
            {remove.error.message}
          </Notice>
        )}
        {user.googleOnly ? (
          <div className="grid gap-2 text-sm">
            <p>
              Your account has no password: confirm with a Google sign-in from the last 10 minutes.
            </p>
            {reauthenticate && (
              <Button variant="outline" className="justify-self-start" asChild>
                <a href={`/api/auth/google/start?redirect=${encodeURIComponent(BACK_TO_ACCOUNT)}`}>
                  Sign in with Google again
                </a>
              </Button>
            )}
          </div>
        ) : (
          <FormField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && password && !remove.isPending)
                remove.mutate({ password });
            }}
          />
        )}
      </ConfirmDialog>
    </>
  );
}
