import { useState, type FormEvent } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { HydratedFieldset } from '#client/components/ui/hydrated-fieldset.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useRegister } from '../api/register.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { fieldErrors, type FieldErrors } from '../form-errors.ts';
import { RegisterBodySchema, type User } from '#shared/accounts/accounts.schemas.ts';

type Field = 'username' | 'email' | 'password' | 'confirmPassword';

/** Sign-up with username, email and password; signs the new account in. */
export function RegisterForm({ onSuccess }: { onSuccess: (user: User) => void }) {
  const [values, setValues] = useState<Record<Field, string>>({
    username: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const register = useRegister();

  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = RegisterBodySchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    register.mutate(parsed.data, {
      onSuccess,
      onError: (error) =>
        toast({ title: 'Sign-up failed', description: error.message, variant: 'destructive' }),
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Sign up with email">
      <HydratedFieldset className="grid gap-4">
        <FormField
          label="Username"
          name="username"
          autoComplete="username"
          value={values.username}
          onChange={set('username')}
          error={errors.username}
        />
        <FormField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
        />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
        />
        <FormField
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
        />
        <Button type="submit" size="lg" disabled={register.isPending}>
          {register.isPending ? 'Signing in...' : 'Sign up'}
        </Button>
      </HydratedFieldset>
    </form>
  );
}
