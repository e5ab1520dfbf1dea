import { MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES } from '@app/contract/auth';

export interface PasswordForm {
  newPassword: string;
  confirmPassword: string;
}
export type PasswordField = keyof PasswordForm;
export type PasswordErrors = Partial<Record<PasswordField, string>>;

export const EMPTY_PASSWORD_FORM: PasswordForm = { newPassword: '', confirmPassword: '' };

/** The change-password rules of the shell spec (section 5), first failing rule per field. */
export function validatePasswordForm(form: PasswordForm): PasswordErrors {
  const errors: PasswordErrors = {};
  if (form.newPassword === '') errors.newPassword = PASSWORD_MESSAGES.newRequired;
  else if (form.newPassword.length < MIN_PASSWORD_LENGTH) errors.newPassword = PASSWORD_MESSAGES.tooShort;
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
