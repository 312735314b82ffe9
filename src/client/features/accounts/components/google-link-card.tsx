import { Link2, TriangleAlert } from 'lucide-react';
import { SectionCard } from '#client/components/ui/card.tsx';
import { Notice } from '#client/components/ui/notice.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useZodForm } from '#client/lib/use-zod-form.ts';
import { GoogleLinkBodySchema } from '#shared/accounts/accounts.schemas.ts';
import { useGoogleLinkPending, useLinkGoogle } from '../api/account-api.ts';
import { AccountForm } from './account-forms.tsx';
import { ForgotPasswordDialog } from './forgot-password-dialog.tsx';

/**
 * Shown on /auth after Continue with Google found an account with the same email whose address
 * was never verified. Google is linked only once the person proves the account's password:
 * whoever registered that account may not own the address.
 */
export function GoogleLinkCard({ onLinked }: { onLinked: (redirect: string) => void }) {
  const pending = useGoogleLinkPending();
  const link = useLinkGoogle();
  const form = useZodForm(GoogleLinkBodySchema, { password: '' });

  if (pending.isPending) return null;

  if (!pending.data) {
    return (
      <Notice variant="warning" icon={<TriangleAlert aria-hidden />} role="status">
        Your Google sign-in has expired. Please choose Continue with Google again.
      </Notice>
    );
  }

  const { email } = pending.data;
  const submit = form.handleSubmit(({ password }) =>
    link.mutate(password, {
      onSuccess: ({ redirect }) => {
        toast({
          title: 'Google account linked',
          description: 'From now on, Continue with Google signs you in to this account.',
        });
        onLinked(redirect);
      },
      onError: (failure) => form.setError('password', { message: failure.message }),
    }),
  );

  return (
    <SectionCard
      title="Link your Google account"
      icon={Link2}
      className="border-link/40"
      descriptionClassName="grid gap-2 text-sm/6"
      description={
        <>
          <span>
            An account with <strong className="text-foreground">{email}</strong> already exists, but
            its email address has not been verified. To keep that account safe, we did not sign you
            in with Google and did not link anything.
          </span>
          <span>
            If it is your account, enter its password to link Google to it. Don&apos;t know the
            password? Choose &lsquo;Forgot password?&rsquo;: we will email a reset link to {email},
            then continue with Google again.
          </span>
        </>
      }
    >
      <AccountForm
        form={form}
        fields={[
          {
            name: 'password',
            label: 'Password of this account',
            type: 'password',
            autoComplete: 'current-password',
          },
        ]}
        label="Link Google with your password"
        onSubmit={submit}
        pending={link.isPending}
        submitLabel="Link Google account"
        pendingLabel="Linking..."
      >
        <ForgotPasswordDialog />
      </AccountForm>
    </SectionCard>
  );
}
