import { describe, expect, it } from 'vitest';
import { validatePasswordForm, visibleErrors } from './password-form';

describe('change-password form rules', () => {
  it('gives the spec messages, the first failing rule per field', () => {
    expect(validatePasswordForm({ newPassword: '', confirmPassword: '' })).toEqual({
      newPassword: 'New password is required',
      confirmPassword: 'Confirm password is required',
    });
    expect(validatePasswordForm({ newPassword: 'abcde', confirmPassword: 'abcdef' })).toEqual({
      newPassword: 'Password must be at least 6 characters',
      confirmPassword: 'Passwords must match',
    });
    expect(validatePasswordForm({ newPassword: 'abcdef', confirmPassword: 'abcdef' })).toEqual({});
  });

  it('shows only the errors of touched fields', () => {
    const errors = validatePasswordForm({ newPassword: '', confirmPassword: '' });
    expect(visibleErrors(errors, new Set())).toEqual({});
    expect(visibleErrors(errors, new Set(['confirmPassword']))).toEqual({
      confirmPassword: 'Confirm password is required',
    });
  });
});
