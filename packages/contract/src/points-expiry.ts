import { z } from 'zod';
import {
  SETTING_STATUSES,
  settingDecisionBody,
  settingEndpoints,
  settingRequestFields,
  settingRowFields,
} from './effective-settings';
import { endpoint } from './endpoint';

/**
 * Points expiry. A policy says when earned points expire: never, N months after they were
 * earned, or at the end of the financial year after the one they were earned in (gone from 1 April,
 * IST). It is effective-dated (from a day, IST, for points earned from then) and maker-checker: one
 * person requests a change, another approves it.
 */
export const EXPIRY_RULES = ['never', 'rolling_months', 'financial_year'] as const;
export type ExpiryRule = (typeof EXPIRY_RULES)[number];
export const EXPIRY_RULE_LABELS: Record<ExpiryRule, string> = {
  never: 'Never expire',
  rolling_months: 'Expire N months after earning',
  financial_year: 'Expire at the end of the next financial year (31 March)',
};
export const EXPIRY_POLICY_STATUSES = SETTING_STATUSES;

/** The days before an expiry on which members are reminded. */
export const EXPIRY_REMINDER_DAYS = [30, 7] as const;

export const EXPIRY_MESSAGES = {
  months: 'Enter the number of months (1 to 120)',
  pastDate: 'The policy can only take effect from today or later',
  makerChecker: 'You requested this change; someone else must approve it',
} as const;

export const expiryPolicyBody = z
  .object({
    rule: z.enum(EXPIRY_RULES, { error: 'Choose how points expire' }),
    months: z.number({ error: EXPIRY_MESSAGES.months }).int(EXPIRY_MESSAGES.months).min(1).max(120).nullish(),
    ...settingRequestFields,
  })
  .superRefine((body, ctx) => {
    if (body.rule === 'rolling_months' && !body.months)
      ctx.addIssue({ code: 'custom', path: ['months'], message: EXPIRY_MESSAGES.months });
  });
export type ExpiryPolicyBody = z.infer<typeof expiryPolicyBody>;

export const expiryPolicy = z.object({
  ...settingRowFields,
  rule: z.enum(EXPIRY_RULES),
  months: z.number().int().nullable(),
});
export type ExpiryPolicy = z.infer<typeof expiryPolicy>;

export const expiryPolicies = z.object({ rows: z.array(expiryPolicy) });

export const expiryDecisionBody = settingDecisionBody;

/** Points that stand to expire, by month of expiry (IST): the programme's liability as it runs out. */
export const expiryLiabilityRow = z.object({
  month: z.string(),
  points: z.number().int(),
  members: z.number().int(),
});
export const expiryLiability = z.object({
  rows: z.array(expiryLiabilityRow),
  /** Points in lots that never expire (earned under no policy). */
  neverExpiring: z.number().int(),
  /** Points expired so far (every `expiry` entry). */
  expiredToDate: z.number().int(),
});
export type ExpiryLiability = z.infer<typeof expiryLiability>;

/** A member's points that will expire: the next dates and what goes on each, for the app. */
export const memberExpiring = z.object({
  within30Days: z.number().int(),
  next: z.array(z.object({ expiresOn: z.string(), points: z.number().int() })),
});
export type MemberExpiring = z.infer<typeof memberExpiring>;

const tags = ['Points expiry'];
const page = { page: '/dashboard/scheme' } as const;

const policyEndpoints = settingEndpoints('/admin/points-expiry/policies', {
  page: '/dashboard/scheme',
  actions: { request: 'points-expiry.request', approve: 'points-expiry.approve' },
  tags,
  body: expiryPolicyBody,
  row: expiryPolicy,
  summaries: {
    list: 'Expiry policies: the one in force, the pending requests and the history',
    request: 'Request an expiry policy from a date; a second person approves it',
    approve: 'Approve a requested expiry policy (not by its requester)',
    reject: 'Reject a requested expiry policy, with a reason',
  },
});

export const pointsExpiryEndpoints = {
  /** `list` (the policies), `request`, `approve`, `reject`: the setting kit's four. */
  ...policyEndpoints,
  liability: endpoint({
    method: 'GET',
    path: '/admin/points-expiry/liability',
    access: page,
    tags,
    summary: 'Points outstanding by month of expiry, points never expiring, points expired to date',
    response: expiryLiability,
  }),
  myExpiring: endpoint({
    method: 'GET',
    path: '/app/points/expiring',
    access: 'member',
    tags,
    summary: 'My points that will expire: within 30 days and the next expiry dates',
    response: memberExpiring,
  }),
};
