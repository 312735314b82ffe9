import type { FormEventHandler, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { HydratedFieldset } from '#client/components/ui/hydrated-fieldset.tsx';
import { useZodForm } from '#client/lib/use-zod-form.ts';
import {
  LoginBodySchema,
  RegisterBodySchema,
  ResetPasswordFormSchema,
  type User,
} from '#shared/accounts/accounts.schemas.ts';
import { useLogin, useRegister, useResetPassword } from '../api/account-api.ts';

type Field<N extends string = string> = {
  name: N;
  label: string;
  autoComplete: string;
  type?: 'email' | 'password';
};

/**
 * Every form that takes a secret: its fields from a table, disabled until the page has hydrated,
 * then `children` ('Forgot password?') and one large submit button.
 */
export function AccountForm<N extends string>({
  form,
  fields,
  label,
  onSubmit,
  pending,
  submitLabel,
  pendingLabel,
  children,
}: {
  form: { field: (name: N) => UseFormRegisterReturn & { error: string | undefined } };
  fields: readonly Field<N>[];
  label?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  children?: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} aria-label={label}>
      <HydratedFieldset className="grid gap-4">
        {fields.map(({ name, ...props }) => (
          <FormField key={name} {...props} {...form.field(name)} />
        ))}
        {children}
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </HydratedFieldset>
    </form>
  );
}

/** Used by /auth and /admin-login; what happens after a successful login is the page's decision. */
export function LoginForm({
  onSuccess,
  usernameLabel = 'Username or email',
  submitLabel = 'Login',
  extra,
}: {
  onSuccess: (user: User) => void;
  usernameLabel?: string;
  submitLabel?: string;
  /** Shown between the fields and the submit button ('Forgot password?'). */
  extra?: ReactNode;
}) {
  const form = useZodForm(LoginBodySchema, { username: '', password: '' });
  const login = useLogin();
  return (
    <AccountForm
      form={form}
      fields={[
        { name: 'username', label: usernameLabel, autoComplete: 'username' },
        {
          name: 'password',
          label: 'Password',
          type: 'password',
          autoComplete: 'current-password',
        },
      ]}
      label="Login"
      onSubmit={form.handleSubmit((body) => login.mutate(body, { onSuccess }))}
      pending={login.isPending}
      submitLabel={submitLabel}
      pendingLabel="Signing in..."
    >
      {extra}
    </AccountForm>
  );
}

const newPassword = <N extends string>(name: N, label: string) =>
  ({ name, label, type: 'password', autoComplete: 'new-password' }) as const;

const REGISTER_FIELDS = [
  { name: 'username', label: 'Username', autoComplete: 'username' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  newPassword('password', 'Password'),
  newPassword('confirmPassword', 'Confirm password'),
] as const satisfies Field[];

/** Sign-up with username, email and password; signs the new account in. */
export function RegisterForm({ onSuccess }: { onSuccess: (user: User) => void }) {
  const form = useZodForm(RegisterBodySchema, {
    username: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const register = useRegister();
  return (
    <AccountForm
      form={form}
      fields={REGISTER_FIELDS}
      label="Sign up with email"
      onSubmit={form.handleSubmit((body) => register.mutate(body, { onSuccess }))}
      pending={register.isPending}
      submitLabel="Sign up"
      pendingLabel="Signing in..."
    />
  );
}

const RESET_FIELDS = [
  newPassword('password', 'New password'),
  newPassword('confirmPassword', 'Confirm new password'),
];

/** New password + confirmation for a validated reset token. */
export function ResetPasswordForm({ token, onSuccess }: { token: string; onSuccess: () => void }) {
  const form = useZodForm(ResetPasswordFormSchema, { password: '', confirmPassword: '' });
  const resetPassword = useResetPassword();
  return (
    <AccountForm
      form={form}
      fields={RESET_FIELDS}
      onSubmit={form.handleSubmit(({ password }) =>
        resetPassword.mutate({ token, newPassword: password }, { onSuccess }),
      )}
      pending={resetPassword.isPending}
      submitLabel="Reset Password"
      pendingLabel="Resetting..."
    />
  );
}
