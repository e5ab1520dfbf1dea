import { z } from 'zod';
import { endpoint } from './endpoint';
import { listEndpoints } from './endpoint-kits';
import { ledgerEntry } from './ledger';
import { MEMBER_TYPES } from './members';

/** Joining Points and Referral Points: the pages that set these credits (and read their dashboard cards). */
export const JOINING_POINTS_PAGE = '/dashboard/joiningpoints';
export const REFERRAL_POINTS_PAGE = '/dashboard/referral';

/** Joining and referral points settings (PRODUCT.md §3.4), each with effective-from history. */
export const REFERRAL_TRIGGERS = ['registration_approved', 'kyc_approved', 'first_scan'] as const;
export type ReferralTrigger = (typeof REFERRAL_TRIGGERS)[number];
export const REFERRAL_TRIGGER_LABELS: Record<ReferralTrigger, string> = {
  registration_approved: 'Registration approved',
  kyc_approved: 'KYC approved',
  first_scan: 'First scan',
};

const points = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .int('Points are whole numbers')
    .min(0, 'Points cannot be negative')
    .max(100_000, 'At most 100,000 points');

/** A calendar day in Asia/Kolkata; the setting applies from 00:00 IST that day. Today or later. */
const effectiveFrom = z.iso.date({ error: 'Enter the date it takes effect (YYYY-MM-DD)' });

export const joiningSettingBody = z.object({
  memberType: z.enum(MEMBER_TYPES, { error: `Member type is one of: ${MEMBER_TYPES.join(', ')}` }),
  points: points('Points'),
  effectiveFrom,
});
export type JoiningSettingBody = z.infer<typeof joiningSettingBody>;

export const referralSettingBody = z.object({
  referrerPoints: points('Referrer points'),
  refereePoints: points('New member points'),
  trigger: z.enum(REFERRAL_TRIGGERS, { error: 'Choose when referral points are credited' }),
  effectiveFrom,
});
export type ReferralSettingBody = z.infer<typeof referralSettingBody>;

const settingMeta = {
  id: z.number().int(),
  effectiveFrom: z.string(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  /** The row in force now (latest effective-from not in the future). */
  current: z.boolean(),
};

export const joiningSettingRow = z.object({
  ...settingMeta,
  memberType: z.enum(MEMBER_TYPES),
  points: z.number().int(),
});
export type JoiningSettingRow = z.infer<typeof joiningSettingRow>;

export const referralSettingRow = z.object({
  ...settingMeta,
  referrerPoints: z.number().int(),
  refereePoints: z.number().int(),
  trigger: z.enum(REFERRAL_TRIGGERS),
});
export type ReferralSettingRow = z.infer<typeof referralSettingRow>;

export const SETTINGS_MESSAGES = { pastDate: 'The date must be today or later' } as const;

/** The value of a point in paise (PRODUCT.md §2): a programme setting with history, default 25. */
export const DEFAULT_PAISE_PER_POINT = 25;

export const pointValueSettingBody = z.object({
  paisePerPoint: z
    .number({ error: 'Paise per point is required' })
    .int('Paise per point is a whole number')
    .min(1, 'At least 1 paisa')
    .max(10_000, 'At most 10,000 paise (₹100)'),
  effectiveFrom,
});
export type PointValueSettingBody = z.infer<typeof pointValueSettingBody>;

export const pointValueSettingRow = z.object({ ...settingMeta, paisePerPoint: z.number().int() });
export type PointValueSettingRow = z.infer<typeof pointValueSettingRow>;

/**
 * Scans while pending: what a member's scan does before their registration is approved.
 * `hold` (the default, none in force): the scan is refused (`member_not_allowed`) and the member app
 * keeps the code on the phone until approval; `credit`: the points are credited at once.
 */
export const PENDING_SCAN_MODES = ['hold', 'credit'] as const;
export type PendingScanMode = (typeof PENDING_SCAN_MODES)[number];
export const PENDING_SCAN_MODE_LABELS: Record<PendingScanMode, string> = {
  hold: 'Kept until the registration is approved',
  credit: 'Credited at once',
};
export const DEFAULT_PENDING_SCAN_MODE: PendingScanMode = 'hold';

export const pendingScanSettingBody = z.object({
  mode: z.enum(PENDING_SCAN_MODES, { error: 'Choose what a pending member’s scan does' }),
  effectiveFrom,
});
export type PendingScanSettingBody = z.infer<typeof pendingScanSettingBody>;

export const pendingScanSettingRow = z.object({ ...settingMeta, mode: z.enum(PENDING_SCAN_MODES) });
export type PendingScanSettingRow = z.infer<typeof pendingScanSettingRow>;

/** Kept with the other programme points settings on Joining Points, by the same people. */
export const pendingScanSettingsEndpoints = {
  history: endpoint({
    method: 'GET',
    path: '/admin/pending-scans/settings',
    access: { page: JOINING_POINTS_PAGE },
    tags: ['points settings'],
    summary: 'Scans while pending: history, in force flagged (none: hold until approval)',
    response: z.array(pendingScanSettingRow),
  }),
  add: endpoint({
    method: 'POST',
    path: '/admin/pending-scans/settings',
    access: { action: 'joining-points.configure' },
    tags: ['points settings'],
    summary: 'Set what a pending member’s scan does (hold or credit) from a date',
    body: pendingScanSettingBody,
    response: z.array(pendingScanSettingRow),
  }),
};

// ─── Endpoints (declared once; the server registers them, the web calls them) ─────────────────────────

const joining = { page: JOINING_POINTS_PAGE } as const;
const referral = { page: REFERRAL_POINTS_PAGE } as const;
const settingsOf = <
  const P extends `/${string}`,
  const A extends { readonly page: string },
  const W extends 'joining-points.configure' | 'referral.configure',
  B extends z.ZodType,
  R extends z.ZodType,
>(
  path: P,
  options: { access: A; write: W; tags: readonly string[]; read: string; change: string; body: B; row: R },
) => ({
  settings: endpoint({
    method: 'GET',
    path,
    access: options.access,
    tags: options.tags,
    summary: options.read,
    response: z.array(options.row),
  }),
  change: endpoint({
    method: 'POST',
    path,
    access: { action: options.write },
    tags: options.tags,
    summary: options.change,
    body: options.body,
    response: z.array(options.row),
  }),
});

/** Joining Points and Referral Points: settings with effective-from history, and their credits; the value of a point. */
export const pointsSettingsEndpoints = {
  // The value of a point is a programme points setting: the same people as Joining Points keep it.
  pointValue: settingsOf('/admin/point-value/settings', {
    access: joining,
    write: 'joining-points.configure',
    tags: ['points settings'],
    read: 'Value of a point in paise: history, in force flagged (none: the default, 25)',
    change: 'Set the value of a point in paise from a date',
    body: pointValueSettingBody,
    row: pointValueSettingRow,
  }),
  joining: settingsOf('/admin/joining-points/settings', {
    access: joining,
    write: 'joining-points.configure',
    tags: ['joining points'],
    read: 'Settings history, in force flagged',
    change: 'Set points for a member type from a date',
    body: joiningSettingBody,
    row: joiningSettingRow,
  }),
  joiningCredits: listEndpoints('/admin/joining-points/credits', {
    access: joining,
    row: ledgerEntry,
    tags: ['joining points'],
    summary: 'Joining credits',
  }),
  referral: settingsOf('/admin/referral/settings', {
    access: referral,
    write: 'referral.configure',
    tags: ['referral points'],
    read: 'Settings history, in force flagged',
    change: 'Set referral points and trigger from a date',
    body: referralSettingBody,
    row: referralSettingRow,
  }),
  referralCredits: listEndpoints('/admin/referral/credits', {
    access: referral,
    row: ledgerEntry,
    tags: ['referral points'],
    summary: 'Referral credits',
  }),
};
