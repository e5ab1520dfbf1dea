import { z } from 'zod';
import { isCommonPassword } from './common-passwords';
import { endpoint } from './endpoint';
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

/**
 * The sign-in's answer when the password was right but a second factor is needed: `totp` asks for a
 * code (or a recovery code); `enrol` asks to set up an authenticator first, the role requiring one.
 * The challenge is good for a few minutes and only at the second-factor routes.
 */
export const secondFactorNeeded = z.object({
  secondFactor: z.enum(['totp', 'enrol']),
  challenge: z.string(),
  expiresInSeconds: z.number().int(),
});
export type SecondFactorNeeded = z.infer<typeof secondFactorNeeded>;
export const loginAnswer = z.union([loginResponse, secondFactorNeeded]);
export type LoginAnswer = z.infer<typeof loginAnswer>;
export const isSecondFactorNeeded = (a: LoginAnswer): a is SecondFactorNeeded => 'secondFactor' in a;

export const SECOND_FACTOR_MESSAGES = {
  codeRequired: 'Enter the code from your authenticator app',
  codeWrong: 'That code is not right. Enter the current code, or a recovery code',
  challengeGone: 'Sign in again: this step has expired',
} as const;

const challenge = text(100, { required: SECOND_FACTOR_MESSAGES.challengeGone });
/** A 6-digit code, or a recovery code (xxxxx-xxxxx); spaces are ignored. */
const code = text(30, { required: SECOND_FACTOR_MESSAGES.codeRequired }).transform((c) =>
  c.replace(/\s+/g, '').toLowerCase(),
);
export const secondFactorBody = z.object({ challenge, code });
export const enrolStartBody = z.object({ challenge });
/** What an authenticator app needs: the secret as text, its otpauth URI and that URI as a QR code. */
export const enrolment = z.object({ secret: z.string(), otpauthUri: z.string(), qrCode: z.string() });
export type Enrolment = z.infer<typeof enrolment>;
/** Enrolled and signed in: the session, and the recovery codes, shown this once. */
export const enrolled = loginResponse.extend({ recoveryCodes: z.array(z.string()) });
export type Enrolled = z.infer<typeof enrolled>;

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

/** How list rows are drawn: comfortable (the default) or compact. */
export const DENSITIES = ['comfortable', 'compact'] as const;
export type Density = (typeof DENSITIES)[number];

/**
 * A staff member's own console preferences, kept on the server (not in the browser: the shell spec's
 * storage keys are fixed) so that they follow the person to any browser. Each is optional; a write
 * changes only what it names.
 */
export const staffPreferences = z
  .object({
    density: z.enum(DENSITIES, { error: 'Choose comfortable or compact' }).optional(),
  })
  .strict();
export type StaffPreferences = z.infer<typeof staffPreferences>;

const tags = ['auth'] as const;
/** Signing in and out, one's own profile and password. */
export const authEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/admin/login',
    access: 'public',
    tags,
    summary: 'Staff sign-in: a session, or a challenge when a second factor is needed',
    body: loginBody,
    response: loginAnswer,
  }),
  secondFactor: endpoint({
    method: 'POST',
    path: '/admin/login/second-factor',
    access: 'public',
    tags,
    summary: 'Second step of sign-in: a code from the authenticator app, or a recovery code',
    body: secondFactorBody,
    response: loginResponse,
  }),
  enrol: endpoint({
    method: 'POST',
    path: '/admin/login/enrol',
    access: 'public',
    tags,
    summary: 'Set up an authenticator (the role requires one): a new secret and its QR code',
    body: enrolStartBody,
    response: enrolment,
  }),
  confirmEnrolment: endpoint({
    method: 'POST',
    path: '/admin/login/enrol/confirm',
    access: 'public',
    tags,
    summary: 'Finish setting up the authenticator with a code from it: a session and recovery codes',
    body: secondFactorBody,
    response: enrolled,
  }),
  logout: endpoint({
    method: 'GET',
    path: '/logout',
    access: 'public',
    tags,
    summary: 'End the session of the token sent (idempotent)',
    noContent: true,
  }),
  updatePassword: endpoint({
    method: 'PUT',
    path: '/admin/updatePassword',
    access: 'staff',
    tags,
    summary: 'Change my password',
    body: updatePasswordBody,
    response: z.object({ ok: z.literal(true) }),
  }),
  me: endpoint({
    method: 'GET',
    path: '/admin/me',
    access: 'staff',
    tags,
    summary: 'My profile and permissions',
    response: staffProfile,
  }),
  preferences: endpoint({
    method: 'GET',
    path: '/admin/me/preferences',
    access: 'staff',
    tags,
    summary: 'My console preferences (list density)',
    response: staffPreferences,
  }),
  savePreferences: endpoint({
    method: 'PUT',
    path: '/admin/me/preferences',
    access: 'staff',
    tags,
    summary: 'Change my console preferences (only the ones named)',
    body: staffPreferences,
    response: staffPreferences,
  }),
};
