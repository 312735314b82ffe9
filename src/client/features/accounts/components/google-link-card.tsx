import { Link2, TriangleAlert } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { HydratedFieldset } from '#client/components/ui/hydrated-fieldset.tsx';
import { Notice } from '#client/components/ui/notice.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useZodForm } from '#client/lib/use-zod-form.ts';
import { GoogleLinkBodySchema } from '#shared/accounts/accounts.schemas.ts';
import { useGoogleLinkPending, useLinkGoogle } from '../api/google-link.ts';
import { ForgotPasswordDialog } from './forgot-password-dialog.tsx';

/**
 * Shown on /auth after Continue with Google found an account with the same email whose address
 * was never verified. Google is linked only once the person proves the account's password:
 * whoever registered that account may not own the address.
 */
export function GoogleLinkCard({ onLinked }: { onLinked: (redirect: string) => void }) {
  const pending = useGoogleLinkPending(true);
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
      <form noValidate onSubmit={submit} aria-label="Link Google with your password">
        <HydratedFieldset className="grid gap-4">
          <FormField
            label="Password of this account"
            type="password"
            autoComplete="current-password"
            {...form.field('password')}
          />
          <ForgotPasswordDialog />
          <Button type="submit" size="lg" disabled={link.isPending}>
            {link.isPending ? 'Linking...' : 'Link Google account'}
          </Button>
        </HydratedFieldset>
      </form>
    </SectionCard>
  );
}
