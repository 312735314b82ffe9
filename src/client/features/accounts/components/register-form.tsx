import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { HydratedFieldset } from '#client/components/ui/hydrated-fieldset.tsx';
import { useZodForm } from '#client/lib/use-zod-form.ts';
import { RegisterBodySchema, type User } from '#shared/accounts/accounts.schemas.ts';
import { useRegister } from '../api/register.ts';

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
    <form
      noValidate
      onSubmit={form.handleSubmit((body) => register.mutate(body, { onSuccess }))}
      aria-label="Sign up with email"
    >
      <HydratedFieldset className="grid gap-4">
        <FormField label="Username" autoComplete="username" {...form.field('username')} />
        <FormField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <FormField
          label="Password"
          type="password"
          autoComplete="new-password"
          {...form.field('password')}
        />
        <FormField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          {...form.field('confirmPassword')}
        />
        <Button type="submit" size="lg" disabled={register.isPending}>
          {register.isPending ? 'Signing in...' : 'Sign up'}
        </Button>
      </HydratedFieldset>
    </form>
  );
}
