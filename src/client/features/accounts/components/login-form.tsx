import type { ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { HydratedFieldset } from '#client/components/ui/hydrated-fieldset.tsx';
import { useZodForm } from '#client/lib/use-zod-form.ts';
import { LoginBodySchema, type User } from '#shared/accounts/accounts.schemas.ts';
import { useLogin } from '../api/login.ts';

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
    <form
      noValidate
      onSubmit={form.handleSubmit((body) => login.mutate(body, { onSuccess }))}
      aria-label="Login"
    >
      <HydratedFieldset className="grid gap-4">
        <FormField label={usernameLabel} autoComplete="username" {...form.field('username')} />
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
        />
        {extra}
        <Button type="submit" size="lg" disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : submitLabel}
        </Button>
      </HydratedFieldset>
    </form>
  );
}
