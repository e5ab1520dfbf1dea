import { z } from 'zod';
import {
  SETTING_STATUSES,
  settingDecisionBody,
  settingEndpoints,
  settingRequestFields,
  settingRowFields,
} from './effective-settings';
import { endpoint } from './endpoint';
import { idParams, text, uniqueArray } from './input';

/**
 * Tiers. A tier policy, effective-dated and maker-checker on the setting kit
 * (effective-settings.ts): the rolling period in months and the tiers, lowest first. Points EARNED
 * by scans in the period (scan credits: base and scheme bonuses; never the balance, never refunds or
 * other credits) reach a tier; its multiplier applies to a scan's base points (rounded down) and its
 * optional redemption minimum replaces the programme's when lower. A member's tier is evaluated on
 * earning and nightly; a manual override with a reason is approved by a second person and pins it.
 */
export const TIER_MESSAGES = {
  pastDate: 'The tier policy can only take effect from today or later',
  makerChecker: 'You requested this change; someone else must approve it',
  period: 'Enter the period in months (1 to 36)',
  name: 'Enter the tier name',
  nameHi: 'Enter the tier name in Hindi',
  minPoints: 'Enter the points earned in the period to reach it (a whole number, 0 or more)',
  firstZero: 'The first tier starts at 0 points',
  increasing: 'Each tier needs more points than the one before',
  multiplier: 'Enter a multiplier from 1.00 to 5.00 (two decimals at most)',
  redeemMin: 'Enter a whole number of points, or leave it empty',
  uniqueNames: 'Each tier needs its own name',
  tiers: 'Give from 1 to 10 tiers',
  unknownTier: 'Choose a tier of the policy in force',
  noPolicy: 'No tier policy is in force',
  overrideReason: 'Give the reason for the change',
} as const;

export const tierLevel = z.object({
  name: text(40, { required: TIER_MESSAGES.name }),
  nameHi: text(40, { required: TIER_MESSAGES.nameHi }),
  minPoints: z
    .number({ error: TIER_MESSAGES.minPoints })
    .int(TIER_MESSAGES.minPoints)
    .min(0, TIER_MESSAGES.minPoints)
    .max(100_000_000, TIER_MESSAGES.minPoints),
  multiplier: z
    .number({ error: TIER_MESSAGES.multiplier })
    .min(1, TIER_MESSAGES.multiplier)
    .max(5, TIER_MESSAGES.multiplier)
    .refine((m) => Math.abs(Math.round(m * 100) - m * 100) < 1e-9, TIER_MESSAGES.multiplier),
  redeemMinBalance: z
    .number({ error: TIER_MESSAGES.redeemMin })
    .int(TIER_MESSAGES.redeemMin)
    .min(0, TIER_MESSAGES.redeemMin)
    .nullish()
    .transform((v) => v ?? null),
});
export type TierLevel = z.infer<typeof tierLevel>;

export const tierPolicyBody = z
  .object({
    periodMonths: z
      .number({ error: TIER_MESSAGES.period })
      .int(TIER_MESSAGES.period)
      .min(1, TIER_MESSAGES.period)
      .max(36, TIER_MESSAGES.period),
    // The shared list rule (input.ts): at most 10, and the same tier (by name) not twice.
    tiers: uniqueArray(tierLevel, 10, {
      error: TIER_MESSAGES.tiers,
      key: (tier) => tier.name.trim().toLowerCase(),
    }).min(1, TIER_MESSAGES.tiers),
    ...settingRequestFields,
  })
  .superRefine((body, ctx) => {
    if (body.tiers[0] && body.tiers[0].minPoints !== 0)
      ctx.addIssue({ code: 'custom', path: ['tiers', 0, 'minPoints'], message: TIER_MESSAGES.firstZero });
    body.tiers.forEach((t, i) => {
      const before = body.tiers[i - 1];
      if (before && t.minPoints <= before.minPoints)
        ctx.addIssue({ code: 'custom', path: ['tiers', i, 'minPoints'], message: TIER_MESSAGES.increasing });
      if (body.tiers.findIndex((o) => o.name.toLowerCase() === t.name.toLowerCase()) !== i)
        ctx.addIssue({ code: 'custom', path: ['tiers', i, 'name'], message: TIER_MESSAGES.uniqueNames });
    });
  });
export type TierPolicyBody = z.infer<typeof tierPolicyBody>;

export const tierPolicyRow = z.object({
  ...settingRowFields,
  periodMonths: z.number().int(),
  tiers: z.array(
    z.object({
      name: z.string(),
      nameHi: z.string(),
      minPoints: z.number().int(),
      multiplier: z.number(),
      redeemMinBalance: z.number().int().nullable(),
    }),
  ),
});
export type TierPolicyRow = z.infer<typeof tierPolicyRow>;

export const TIER_OVERRIDE_STATUSES = SETTING_STATUSES;

/** A manual tier change: `tier` null returns the member to the evaluated tier (unpins). */
export const tierOverrideBody = z.object({
  tier: text(40).nullable(),
  reason: text(500, { required: TIER_MESSAGES.overrideReason, multiline: true }),
});
export type TierOverrideBody = z.infer<typeof tierOverrideBody>;

export const tierOverrideRow = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberCode: z.string(),
  memberName: z.string(),
  /** The member's tier when requested. */
  currentTier: z.string().nullable(),
  tier: z.string().nullable(),
  reason: z.string(),
  status: z.enum(TIER_OVERRIDE_STATUSES),
  requestedBy: z.number().int(),
  requestedByName: z.string().nullable(),
  requestedAt: z.string(),
  decidedBy: z.number().int().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
});
export type TierOverrideRow = z.infer<typeof tierOverrideRow>;

export const memberTierHistoryRow = z.object({
  id: z.number().int(),
  tier: z.string(),
  fromAt: z.string(),
  reason: z.enum(['evaluated', 'override']),
  earned: z.number().int().nullable(),
  byName: z.string().nullable(),
  overrideReason: z.string().nullable(),
});

/** A member's tier as staff see it: current, pinned, earned in the period, history, pending overrides. */
export const memberTierDetail = z.object({
  tier: z.string().nullable(),
  pinned: z.boolean(),
  earned: z.number().int(),
  periodMonths: z.number().int().nullable(),
  /** The tiers of the policy in force (names), for the override dialog. */
  tiers: z.array(z.string()),
  history: z.array(memberTierHistoryRow),
  overrides: z.array(tierOverrideRow),
});
export type MemberTierDetail = z.infer<typeof memberTierDetail>;

/** The member app's tier: the tier, its benefits and the progress to the next one (null: no policy). */
export const memberTier = z.object({
  name: z.string(),
  nameHi: z.string(),
  multiplier: z.number(),
  redeemMinBalance: z.number().int().nullable(),
  /** Points earned by scans in the last `periodMonths` months. */
  earned: z.number().int(),
  periodMonths: z.number().int(),
  next: z
    .object({ name: z.string(), nameHi: z.string(), minPoints: z.number().int(), needed: z.number().int() })
    .nullable(),
});
export type MemberTier = z.infer<typeof memberTier>;

const tags = ['Tiers'];
const page = { page: '/dashboard/scheme' } as const;

export const tiersEndpoints = {
  /** The tier policy: `list`, `request`, `approve`, `reject` (the setting kit). */
  ...settingEndpoints('/admin/tiers/policies', {
    page: '/dashboard/scheme',
    actions: { request: 'tiers.request', approve: 'tiers.approve' },
    tags,
    body: tierPolicyBody,
    row: tierPolicyRow,
    summaries: {
      list: 'Tier policies: the one in force, the pending requests and the history',
      request: 'Request a tier policy from a date; a second person approves it',
      approve: 'Approve a requested tier policy (not by its requester)',
      reject: 'Reject a requested tier policy, with a reason',
    },
  }),
  overrides: endpoint({
    method: 'GET',
    path: '/admin/tiers/overrides',
    access: page,
    tags,
    summary: 'Tier overrides: pending first, then the latest decided',
    response: z.object({ rows: z.array(tierOverrideRow) }),
  }),
  requestOverride: endpoint({
    method: 'POST',
    path: '/admin/users/:id/tier-override',
    access: { action: 'tiers.override' },
    tags,
    summary: "Request a change of a member's tier with a reason; a second person approves it",
    params: idParams,
    body: tierOverrideBody,
    response: tierOverrideRow,
  }),
  approveOverride: endpoint({
    method: 'POST',
    path: '/admin/tiers/overrides/:id/approve',
    access: { action: 'tiers.approve' },
    tags,
    summary: 'Approve a tier override (not by its requester)',
    params: idParams,
    body: settingDecisionBody,
    response: tierOverrideRow,
  }),
  rejectOverride: endpoint({
    method: 'POST',
    path: '/admin/tiers/overrides/:id/reject',
    access: { action: 'tiers.approve' },
    tags,
    summary: 'Reject a tier override, with a reason',
    params: idParams,
    body: settingDecisionBody,
    response: tierOverrideRow,
  }),
  member: endpoint({
    method: 'GET',
    path: '/admin/users/:id/tier',
    access: { page: '/dashboard/users' },
    tags,
    summary: "A member's tier, points earned in the period, history and overrides",
    params: idParams,
    response: memberTierDetail,
  }),
  mine: endpoint({
    method: 'GET',
    path: '/app/tier',
    access: 'member',
    tags,
    summary: 'My tier, its benefits and my progress to the next tier',
    response: memberTier.nullable(),
  }),
};
