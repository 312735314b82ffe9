import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Every form's state: react-hook-form checked with the contract's zod schema on submit (then again
 * as the fields change), focus on the first field in error, and the submit handler given the
 * schema's output. `field(name)` wires a `FormField` to one field (docs/decisions/027-forms-and-mutations.md).
 */
export function useZodForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  const field = (name: Path<Input>) => ({
    ...form.register(name),
    error: form.formState.errors[name]?.message as string | undefined,
  });
  return { ...form, field };
}
