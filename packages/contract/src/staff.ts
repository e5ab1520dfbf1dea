import { z } from 'zod';
import { auditEntry } from './audit';
import { MAX_PASSWORD_LENGTH, newPassword, PASSWORD_RULE_MESSAGES } from './auth';
import { endpoint } from './endpoint';
import { listEndpoints } from './endpoint-kits';
import { idParams, recordId, text } from './input';

/** Manage Admin (`/dashboard/manageadmin`): staff accounts. */

export const STAFF_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  emailTaken: 'An account with this email already exists',
  mobileInvalid: 'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9',
  roleRequired: 'Role is required',
  roleUnknown: 'This role does not exist',
  passwordCommon: PASSWORD_RULE_MESSAGES.common,
  passwordTooLong: PASSWORD_RULE_MESSAGES.tooLong,
} as const;

/** Strips spaces, dashes and a +91 / 91 / 0 prefix; what remains must be 10 digits starting 6–9. */
export function normaliseMobile(raw: string): string {
  const digits = raw.replace(/[\s\-().]/g, '');
  const m = /^(?:\+?91|0)?(\d{10})$/.exec(digits);
  return m ? m[1]! : digits;
}
export const INDIAN_MOBILE = /^[6-9]\d{9}$/;

const name = text(100, { required: STAFF_MESSAGES.nameRequired, tooLong: STAFF_MESSAGES.nameTooLong });

/** Optional mobile: empty means none; anything else must be an Indian mobile number. */
const mobile = text(20, { tooLong: STAFF_MESSAGES.mobileInvalid })
  .nullish()
  .transform((v) => (v == null || v.trim() === '' ? null : normaliseMobile(v)))
  .refine((v) => v === null || INDIAN_MOBILE.test(v), STAFF_MESSAGES.mobileInvalid);

const roleId = recordId(STAFF_MESSAGES.roleRequired);

/** A password an administrator sets: the one password rule (auth.ts). */
export const staffPassword = newPassword;

/** Empty or absent means "generate one". */
const optionalPassword = text(MAX_PASSWORD_LENGTH, { trim: false, tooLong: STAFF_MESSAGES.passwordTooLong })
  .nullish()
  .transform((v) => (v ? v : undefined))
  .pipe(staffPassword.optional());

export const staffCreateBody = z.object({
  name,
  email: text(254, { required: STAFF_MESSAGES.emailRequired, tooLong: STAFF_MESSAGES.emailInvalid })
    .email(STAFF_MESSAGES.emailInvalid)
    .transform((e) => e.toLowerCase()),
  mobile,
  roleId,
  password: optionalPassword,
});
export type StaffCreateBody = z.infer<typeof staffCreateBody>;

/** Edit: name, mobile and role; fields left out stay as they are. The e-mail (sign-in id) is fixed. */
export const staffUpdateBody = z.object({
  name: name.optional(),
  mobile: mobile.optional(),
  roleId: roleId.optional(),
});
export type StaffUpdateBody = z.infer<typeof staffUpdateBody>;

export const staffResetPasswordBody = z.object({ password: optionalPassword });
export type StaffResetPasswordBody = z.infer<typeof staffResetPasswordBody>;

export const staffRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  roleId: z.number().int(),
  /** Role key (lowercased), as `userRole`. */
  role: z.string(),
  /** Role label, as `roleName`. */
  roleName: z.string(),
  active: z.boolean(),
  /** Locked by failed sign-ins right now. */
  locked: z.boolean(),
  /** Has an authenticator app set up (TOTP). */
  secondFactor: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffRow = z.infer<typeof staffRow>;

/** One account with its latest history (audit entries of entity `staff`). */
export const staffDetail = staffRow.extend({ history: z.array(auditEntry) });
export type StaffDetail = z.infer<typeof staffDetail>;

/** Create and reset-password answers: the generated password is shown once and never again. */
export const staffCreated = staffRow.extend({ generatedPassword: z.string().optional() });
export type StaffCreated = z.infer<typeof staffCreated>;
export const staffPasswordReset = z.object({
  id: z.number().int(),
  generatedPassword: z.string().optional(),
});
export type StaffPasswordReset = z.infer<typeof staffPasswordReset>;

/** The roles a Manage Admin form offers; `assignable` is false for roles above the caller's rights. */
export const staffRoleOption = z.object({
  id: z.number().int(),
  name: z.string(),
  label: z.string(),
  assignable: z.boolean(),
});
export type StaffRoleOption = z.infer<typeof staffRoleOption>;

/** Filters of the staff list: `filter={...}` keys. `q` searches name, email and mobile. */
export const STAFF_FILTERS = ['q', 'roleId', 'active'] as const;
export const STAFF_SORTS = ['id', 'name', 'email', 'role', 'createdAt'] as const;

/** The audit entity and actions this module writes. */
export const STAFF_ENTITY = 'staff';
export const STAFF_ACTIONS = [
  'staff.created',
  'staff.updated',
  'staff.deactivated',
  'staff.reactivated',
  'staff.password_reset',
  'staff.exported',
] as const;

// ─── Endpoints (declared once; the server registers them, the web calls them) ─────────────────────────

const tags = ['staff'] as const;
const read = { page: '/dashboard/manageadmin' } as const;
const managing = { action: 'staff.manage' } as const;
const setActive = (verb: 'deactivate' | 'reactivate') =>
  endpoint({
    method: 'POST',
    path: `/admin/staff/:id/${verb}`,
    access: managing,
    tags,
    summary:
      verb === 'reactivate' ? 'Reactivate an account' : 'Deactivate an account and end its sessions at once',
    params: idParams,
    response: staffRow,
  });

/** Manage Admin: staff accounts. */
export const staffEndpoints = {
  ...listEndpoints('/admin/staff', { access: read, row: staffRow, tags, summary: 'Staff accounts' }),
  roleOptions: endpoint({
    method: 'GET',
    path: '/admin/staff/role-options',
    access: read,
    tags,
    summary: 'Roles for the account forms, marked assignable when within the caller’s rights',
    response: z.array(staffRoleOption),
  }),
  one: endpoint({
    method: 'GET',
    path: '/admin/staff/:id',
    access: read,
    tags,
    summary: 'One staff account with its history',
    params: idParams,
    response: staffDetail,
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/staff',
    access: managing,
    tags,
    summary: 'Create a staff account; a generated password is returned once',
    body: staffCreateBody,
    response: staffCreated,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/staff/:id',
    access: managing,
    tags,
    summary: 'Change name, mobile or role',
    params: idParams,
    body: staffUpdateBody,
    response: staffRow,
  }),
  deactivate: setActive('deactivate'),
  reactivate: setActive('reactivate'),
  resetPassword: endpoint({
    method: 'POST',
    path: '/admin/staff/:id/reset-password',
    access: managing,
    tags,
    summary: 'Set or generate a new password; ends the account’s sessions',
    params: idParams,
    body: staffResetPasswordBody,
    response: staffPasswordReset,
  }),
  resetSecondFactor: endpoint({
    method: 'POST',
    path: '/admin/staff/:id/reset-second-factor',
    // Access control work: the User Roles manager's (the almond team among built-in roles).
    access: { action: 'roles.manage' },
    tags,
    summary: 'Clear a lost authenticator (User Roles managers: the almond team); ends the account’s sessions',
    params: idParams,
    response: staffRow,
  }),
};

/**
 * Sign-in outcomes recorded for every staff sign-in attempt (`sign_in_events.outcome`). The second
 * step adds its own: a right password that asks for the code, a wrong code, a challenge spent by
 * too many wrong codes (the staff member is alerted), a code sent from another address than the password.
 */
export const SIGN_IN_OUTCOMES = [
  'success',
  'bad_credentials',
  'locked',
  'inactive',
  'second_factor',
  'second_factor_wrong',
  'second_factor_locked',
  'second_factor_other_address',
] as const;
/** The outcomes that are failed attempts: not a session, nor a right password waiting for its code. */
export const SIGN_IN_FAILURES = SIGN_IN_OUTCOMES.filter((o) => o !== 'success' && o !== 'second_factor');

/** One staff sign-in attempt: Manage Admin → Sign-in activity (the dashboard's sign-in cards). */
export const signInEventRow = z.object({
  id: z.number().int(),
  at: z.string(),
  email: z.string(),
  staffId: z.number().int().nullable(),
  staffName: z.string().nullable(),
  outcome: z.enum(SIGN_IN_OUTCOMES),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type SignInEventRow = z.infer<typeof signInEventRow>;

/** Staff sign-in attempts, newest first; filters `q` (e-mail), `succeeded`, `outcome`, `staffId`, `from`/`to`. */
export const signInActivityEndpoints = listEndpoints('/admin/sign-ins', {
  access: read,
  row: signInEventRow,
  tags,
  summary: 'Staff sign-in attempts (who, outcome, address, when)',
});
