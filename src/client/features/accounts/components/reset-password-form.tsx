import { useState, type FormEvent } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { HydratedFieldset } from '#client/components/ui/hydrated-fieldset.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { fieldErrors, type FieldErrors } from '../form-errors.ts';
import { ResetPasswordFormSchema } from '#shared/accounts/accounts.schemas.ts';

type Field = 'password' | 'confirmPassword';

/** New password + confirmation for a validated reset token. */
export function ResetPasswordForm({ token, onSuccess }: { token: string; onSuccess: () => void }) {
  const [values, setValues] = useState<Record<Field, string>>({
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const resetPassword = useResetPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ResetPasswordFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    resetPassword.mutate(
      { token, newPassword: parsed.data.password },
      {
        onSuccess,
        onError: (error) =>
          toast({
            title: 'Password Reset Failed',
            description: error.message || 'Failed to reset password',
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <HydratedFieldset className="grid gap-4">
        <FormField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
          error={errors.password}
        />
        <FormField
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(e) => setValues((v) => ({ ...v, confirmPassword: e.target.value }))}
          error={errors.confirmPassword}
        />
        <Button type="submit" size="lg" disabled={resetPassword.isPending}>
          {resetPassword.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
      </HydratedFieldset>
    </form>
  );
}
