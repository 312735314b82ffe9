import { describe, expect, it } from 'vitest';
import { RegisterBodySchema } from '#shared/accounts/accounts.schemas.ts';
import { fieldErrors } from './form-errors.ts';

describe('fieldErrors', () => {
  it('keeps the first message of each field, including the cross-field password check', () => {
    const parsed = RegisterBodySchema.safeParse({
      username: '',
      email: 'nope',
      password: 'secret-1',
      confirmPassword: 'secret-2',
    });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(fieldErrors(parsed.error)).toEqual({
      username: 'Username cannot be empty',
      email: 'Please enter a valid email',
      confirmPassword: 'Passwords do not match',
    });
  });
});
