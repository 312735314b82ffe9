import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { HydratedFieldset } from '#client/components/ui/hydrated-fieldset.tsx';
import { useZodForm } from '#client/lib/use-zod-form.ts';
import { ResetPasswordFormSchema } from '#shared/accounts/accounts.schemas.ts';
import { useResetPassword } from '../api/reset-password.ts';

/** New password + confirmation for a validated reset token. */
export function ResetPasswordForm({ token, onSuccess }: { token: string; onSuccess: () => void }) {
  const form = useZodForm(ResetPasswordFormSchema, { password: '', confirmPassword: '' });
  const resetPassword = useResetPassword();

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(({ password }) =>
        resetPassword.mutate({ token, newPassword: password }, { onSuccess }),
      )}
    >
      <HydratedFieldset className="grid gap-4">
        <FormField
          label="New password"
          type="password"
          autoComplete="new-password"
          {...form.field('password')}
        />
        <FormField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          {...form.field('confirmPassword')}
        />
        <Button type="submit" size="lg" disabled={resetPassword.isPending}>
          {resetPassword.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
      </HydratedFieldset>
    </form>
  );
}
