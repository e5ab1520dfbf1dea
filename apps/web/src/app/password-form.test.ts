import { PASSWORD_RULE_MESSAGES } from '@app/contract/auth';
import { describe, expect, it } from 'vitest';
import { validatePasswordForm, visibleErrors } from './password-form';
import { loadCommonPasswordCheck } from './password-list';

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
    expect(validatePasswordForm({ newPassword: 'gh7-kettle', confirmPassword: 'gh7-kettle' })).toEqual({});
  });

  it('refuses a common password as the server does, after the spec rules', () => {
    for (const password of ['123456', 'password', 'Password1'])
      expect(validatePasswordForm({ newPassword: password, confirmPassword: password })).toEqual({
        newPassword: PASSWORD_RULE_MESSAGES.common,
      });
    expect(validatePasswordForm({ newPassword: '1234', confirmPassword: '1234' }).newPassword).toBe(
      'Password must be at least 6 characters',
    );
  });

  it('shows only the errors of touched fields', () => {
    const errors = validatePasswordForm({ newPassword: '', confirmPassword: '' });
    expect(visibleErrors(errors, new Set())).toEqual({});
    expect(visibleErrors(errors, new Set(['confirmPassword']))).toEqual({
      confirmPassword: 'Confirm password is required',
    });
  });
});

describe('the full common-password list, loaded when the form opens', () => {
  it('refuses what only the list knows once loaded', async () => {
    const isCommon = await loadCommonPasswordCheck();
    for (const password of ['pass1234', 'dragon12', 'soccer12'])
      expect(validatePasswordForm({ newPassword: password, confirmPassword: password }, isCommon)).toEqual({
        newPassword: PASSWORD_RULE_MESSAGES.common,
      });
    expect(
      validatePasswordForm({ newPassword: 'Tr1cky-pass', confirmPassword: 'Tr1cky-pass' }, isCommon),
    ).toEqual({});
  });
});
