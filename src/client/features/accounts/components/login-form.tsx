import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { HydratedFieldset } from '#client/components/ui/hydrated-fieldset.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useLogin } from '../api/login.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { fieldErrors, type FieldErrors } from '../form-errors.ts';
import { LoginBodySchema, type User } from '#shared/accounts/accounts.schemas.ts';

type Field = 'username' | 'password';

/**
 * Username (or email) and password. Used by /auth and /admin-login; what happens after a successful
 * login (where to go, whether the account may stay signed in) is the page's decision.
 */
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
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const login = useLogin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = LoginBodySchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    login.mutate(parsed.data, {
      onSuccess,
      onError: (error) =>
        toast({ title: 'Login failed', description: error.message, variant: 'destructive' }),
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Login">
      <HydratedFieldset className="grid gap-4">
        <FormField
          label={usernameLabel}
          name="username"
          autoComplete="username"
          value={values.username}
          onChange={(e) => setValues((v) => ({ ...v, username: e.target.value }))}
          error={errors.username}
        />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
          error={errors.password}
        />
        {extra}
        <Button type="submit" size="lg" disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : submitLabel}
        </Button>
      </HydratedFieldset>
    </form>
  );
}
