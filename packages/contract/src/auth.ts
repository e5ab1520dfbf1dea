import { z } from 'zod';
import { isCommonPassword } from './common-passwords';
import { text } from './input';

/** Texts of the change-password form, word for word from the shell spec (section 5). */
export const PASSWORD_MESSAGES = {
  newRequired: 'New password is required',
  tooShort: 'Password must be at least 6 characters',
  confirmRequired: 'Confirm password is required',
  mismatch: 'Passwords must match',
} as const;
export const MIN_PASSWORD_LENGTH = 6;
/** Longer is refused everywhere: hashing an unbounded password is work an attacker chooses. */
export const MAX_PASSWORD_LENGTH = 128;
/** Our rules beyond the shell spec's, kept apart so the spec's texts above stay word for word. */
export const PASSWORD_RULE_MESSAGES = {
  common: 'This password is too common; choose a less guessable one',
  tooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
} as const;

/**
 * The one rule for a new password, wherever it is set: one's own change (server and dialog), staff
 * creation and reset. The spec's minimum, a bound on the hashing work, and not a well-known one.
 */
export const newPassword = text(MAX_PASSWORD_LENGTH, {
  required: PASSWORD_MESSAGES.newRequired,
  tooLong: PASSWORD_RULE_MESSAGES.tooLong,
  trim: false,
})
  .min(MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooShort)
  .refine((p) => !isCommonPassword(p), PASSWORD_RULE_MESSAGES.common);

export const loginBody = z.object({
  email: text(254, { required: 'Email is required', tooLong: 'Enter a valid email address' }).email(
    'Enter a valid email address',
  ),
  password: text(MAX_PASSWORD_LENGTH, { required: 'Password is required', trim: false }),
});
export type LoginBody = z.infer<typeof loginBody>;

export const staffProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  role: z.string(),
  roleName: z.string(),
  permissions: z.array(z.string()),
});
export type StaffProfile = z.infer<typeof staffProfile>;

/** The shell spec's storage keys: token, userRole, roleName, email, data. */
export const loginResponse = z.object({
  token: z.string(),
  userRole: z.string(),
  roleName: z.string(),
  email: z.string(),
  data: staffProfile,
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** Body of PUT {api}/admin/updatePassword: the spec's form rules, field by field. */
export const updatePasswordBody = z
  .object({
    password: newPassword,
    confirmPassword: text(MAX_PASSWORD_LENGTH, { required: PASSWORD_MESSAGES.confirmRequired, trim: false }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORD_MESSAGES.mismatch,
    path: ['confirmPassword'],
  });
export type UpdatePasswordBody = z.infer<typeof updatePasswordBody>;

export const errorBody = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
