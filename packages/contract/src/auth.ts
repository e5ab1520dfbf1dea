import { z } from 'zod';
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
    password: text(MAX_PASSWORD_LENGTH, { required: PASSWORD_MESSAGES.newRequired, trim: false }).min(
      MIN_PASSWORD_LENGTH,
      PASSWORD_MESSAGES.tooShort,
    ),
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
