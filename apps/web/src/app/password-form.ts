import { newPassword, PASSWORD_MESSAGES, PASSWORD_RULE_MESSAGES } from '@app/contract/auth';

export interface PasswordForm {
  newPassword: string;
  confirmPassword: string;
}
export type PasswordField = keyof PasswordForm;
export type PasswordErrors = Partial<Record<PasswordField, string>>;

export const EMPTY_PASSWORD_FORM: PasswordForm = { newPassword: '', confirmPassword: '' };

/**
 * The change-password rules, first failing rule per field: the shell spec's (section 5, its texts),
 * then the server's one password rule (a common password is refused), so the form never closes as if
 * a password the server refuses had been set. `isCommon` is the full list's check, loaded when the
 * form opens (password-list.ts); the bundle's own rule knows only the patterns.
 */
export function validatePasswordForm(
  form: PasswordForm,
  isCommon?: ((password: string) => boolean) | null,
): PasswordErrors {
  const errors: PasswordErrors = {};
  const refusal = newPassword.safeParse(form.newPassword).error?.issues[0]?.message;
  if (refusal) errors.newPassword = refusal;
  else if (isCommon?.(form.newPassword)) errors.newPassword = PASSWORD_RULE_MESSAGES.common;
  if (form.confirmPassword === '') errors.confirmPassword = PASSWORD_MESSAGES.confirmRequired;
  else if (form.confirmPassword !== form.newPassword) errors.confirmPassword = PASSWORD_MESSAGES.mismatch;
  return errors;
}

/** Only touched fields show their error (the spec: "errors appear only after the field has been touched"). */
export function visibleErrors(errors: PasswordErrors, touched: ReadonlySet<PasswordField>): PasswordErrors {
  const shown: PasswordErrors = {};
  for (const field of touched) if (errors[field]) shown[field] = errors[field];
  return shown;
}
