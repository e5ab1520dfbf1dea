import { z } from 'zod';
import {
  SETTING_STATUSES,
  settingDecisionBody,
  settingEndpoints,
  settingRequestFields,
  settingRowFields,
} from './effective-settings';

/**
 * Caps and limits: per member, points earned by scans per day and per month (IST;
 * base + scheme bonuses), and for redemptions a minimum balance and a monthly limit of points
 * redeemed. Each is optional (empty = none). Effective-dated and maker-checker: one person requests a
 * set of limits from a day, another approves it; the approved set effective latest is in force.
 */
export const POINTS_LIMIT_FIELDS = [
  'scanPointsPerDay',
  'scanPointsPerMonth',
  'redeemMinBalance',
  'redeemPointsPerMonth',
] as const;
export type PointsLimitField = (typeof POINTS_LIMIT_FIELDS)[number];
export const POINTS_LIMIT_LABELS: Record<PointsLimitField, string> = {
  scanPointsPerDay: 'Points from scans per member per day',
  scanPointsPerMonth: 'Points from scans per member per month',
  redeemMinBalance: 'Minimum balance to redeem',
  redeemPointsPerMonth: 'Points a member may redeem per month',
};
export const POINTS_LIMIT_STATUSES = SETTING_STATUSES;

export const LIMITS_MESSAGES = {
  whole: 'Enter a whole number of points above 0, or leave it empty',
  pastDate: 'The limits can only take effect from today or later',
  makerChecker: 'You requested this change; someone else must approve it',
  dayAboveMonth: 'The daily cap cannot be above the monthly cap',
} as const;

/** What a member is told when a redemption passes a limit, in the member's language. */
export const REDEMPTION_LIMIT_MESSAGES = {
  minBalance: (min: number) => ({
    en: `You need a balance of at least ${min.toLocaleString('en-IN')} points to redeem`,
    hi: `रिडीम करने के लिए कम से कम ${min.toLocaleString('en-IN')} पॉइंट्स का बैलेंस चाहिए`,
  }),
  monthly: (limit: number, left: number) => ({
    en: `You can redeem up to ${limit.toLocaleString('en-IN')} points a month; ${left.toLocaleString('en-IN')} left this month`,
    hi: `आप हर महीने ${limit.toLocaleString('en-IN')} पॉइंट्स तक रिडीम कर सकते हैं; इस महीने ${left.toLocaleString('en-IN')} बाकी हैं`,
  }),
} as const;

const limit = (min: number) =>
  z
    .number({ error: LIMITS_MESSAGES.whole })
    .int(LIMITS_MESSAGES.whole)
    .min(min, LIMITS_MESSAGES.whole)
    .nullish();

export const pointsLimitsBody = z
  .object({
    scanPointsPerDay: limit(1),
    scanPointsPerMonth: limit(1),
    redeemMinBalance: limit(1),
    redeemPointsPerMonth: limit(1),
    ...settingRequestFields,
  })
  .superRefine((body, ctx) => {
    if (body.scanPointsPerDay && body.scanPointsPerMonth && body.scanPointsPerDay > body.scanPointsPerMonth)
      ctx.addIssue({ code: 'custom', path: ['scanPointsPerDay'], message: LIMITS_MESSAGES.dayAboveMonth });
  });
export type PointsLimitsBody = z.infer<typeof pointsLimitsBody>;

export const pointsLimitsRow = z.object({
  ...settingRowFields,
  scanPointsPerDay: z.number().int().nullable(),
  scanPointsPerMonth: z.number().int().nullable(),
  redeemMinBalance: z.number().int().nullable(),
  redeemPointsPerMonth: z.number().int().nullable(),
});
export type PointsLimitsRow = z.infer<typeof pointsLimitsRow>;

export const pointsLimitsList = z.object({ rows: z.array(pointsLimitsRow) });
export const limitsDecisionBody = settingDecisionBody;

export const pointsLimitsEndpoints = settingEndpoints('/admin/points-limits', {
  page: '/dashboard/scheme',
  actions: { request: 'points-limits.request', approve: 'points-limits.approve' },
  tags: ['Caps and limits'],
  body: pointsLimitsBody,
  row: pointsLimitsRow,
  summaries: {
    list: 'Caps and limits: the set in force, pending requests and the history',
    request: 'Request caps and redemption limits from a date; a second person approves them',
    approve: 'Approve requested caps and limits (not by their requester)',
    reject: 'Reject requested caps and limits, with a reason',
  },
});
