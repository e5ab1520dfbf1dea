import { z } from 'zod';
import { SCAN_HISTORY_PAGE } from './coupon-scans';
import {
  SETTING_STATUSES,
  settingEndpoints,
  settingRequestFields,
  settingRowFields,
} from './effective-settings';

/**
 * Fraud rules, each optional (empty = off) and each with an action:
 * - scans per member per hour: the next successful scan in a rolling hour is flagged (credited and
 *   marked `too_many_per_hour` on QR Scan History) or refused (`too_many_scans`; the code stays
 *   active). Decided inside the scan's statement, under the member's lock.
 * - the same PAN, the same bank account (bank + account number) or the same UPI id, already on another member whose
 *   KYC is approved, checked when a reviewer approves a KYC submission: `flag` shows the other member
 *   to the reviewer; `hold` and `refuse` refuse the approval, naming the other member to staff.
 * - a scan outside its coupon's distributor's state, the state decided on the server from the scan's
 *   coordinates (none: no decision): flagged (also when no action is set, as before the rule) or
 *   refused (`outside_distributor_state`; the code stays active).
 * - invalid codes: N invalid codes by one member within W minutes lock the member's scanning for L
 *   minutes (`scans_locked`, naming when it unlocks); the three numbers go together.
 * - the cluster rule (one device or one place across many members): N distinct members credited from
 *   one device id (the app's `deviceId`), or within R metres of the scan (its coordinates), within H
 *   hours: the scan that makes N, and every later one in the cluster, gets the action (flagged
 *   `shared_device` / `location_cluster`, held, or refused `cluster_refused`; the code stays active).
 *   Decided inside the scan's statement, under a lock per device and per grid cell.
 * Effective-dated and maker-checker: one person requests a set of rules from a day, another approves
 * it; the approved set effective latest is in force (the table is the history). A setting of the kit
 * (`effective-settings.ts`): the body and the row add only the rules' own fields.
 */
export const FRAUD_ACTIONS = ['flag', 'hold', 'refuse'] as const;
export type FraudAction = (typeof FRAUD_ACTIONS)[number];
/**
 * A scan rule's action: flag (credited, marked), hold (credited but held: not redeemable until a
 * reviewer clears it on QR Scan History → Review, or reversed) or refuse.
 */
export const SCAN_RULE_ACTIONS = ['flag', 'hold', 'refuse'] as const;
export const FRAUD_ACTION_LABELS: Record<FraudAction, string> = {
  flag: 'Flag',
  hold: 'Hold for review',
  refuse: 'Refuse',
};
export const FRAUD_RULE_STATUSES = SETTING_STATUSES;

export const FRAUD_RULE_MESSAGES = {
  whole: 'Enter a whole number of scans above 0, or leave it empty',
  action: 'Choose what happens when the rule is met',
  pastDate: 'The rules can only take effect from today or later',
  minutes: 'Enter whole minutes above 0 (at most 10,080, a week)',
  invalidCodesTogether: 'Give the attempts, the window and the lock together, or none of them',
  makerChecker: 'You requested this change; someone else must approve it',
  clusterMembers: 'Enter a whole number of members from 2 to 10,000, or leave it empty',
  clusterHours: 'Enter whole hours from 1 to 720 (30 days)',
  clusterRadius: 'Enter whole metres from 1 to 1,000',
  clusterTogether: 'A cluster rule needs its window and action (and the place rule its radius)',
} as const;

const clusterMembers = z
  .number({ error: FRAUD_RULE_MESSAGES.clusterMembers })
  .int(FRAUD_RULE_MESSAGES.clusterMembers)
  .min(2, FRAUD_RULE_MESSAGES.clusterMembers)
  .max(10_000, FRAUD_RULE_MESSAGES.clusterMembers);

const minutes = z
  .number({ error: FRAUD_RULE_MESSAGES.minutes })
  .int(FRAUD_RULE_MESSAGES.minutes)
  .min(1, FRAUD_RULE_MESSAGES.minutes)
  .max(10_080, FRAUD_RULE_MESSAGES.minutes);

export const fraudRulesBody = z
  .object({
    scansPerHour: z
      .number({ error: FRAUD_RULE_MESSAGES.whole })
      .int(FRAUD_RULE_MESSAGES.whole)
      .min(1, FRAUD_RULE_MESSAGES.whole)
      .nullish(),
    scansPerHourAction: z.enum(SCAN_RULE_ACTIONS, { error: FRAUD_RULE_MESSAGES.action }).nullish(),
    samePanAction: z.enum(FRAUD_ACTIONS, { error: FRAUD_RULE_MESSAGES.action }).nullish(),
    sameBankAction: z.enum(FRAUD_ACTIONS, { error: FRAUD_RULE_MESSAGES.action }).nullish(),
    sameUpiAction: z.enum(FRAUD_ACTIONS, { error: FRAUD_RULE_MESSAGES.action }).nullish(),
    outsideStateAction: z.enum(SCAN_RULE_ACTIONS, { error: FRAUD_RULE_MESSAGES.action }).nullish(),
    invalidCodeAttempts: z
      .number({ error: FRAUD_RULE_MESSAGES.whole })
      .int(FRAUD_RULE_MESSAGES.whole)
      .min(1, FRAUD_RULE_MESSAGES.whole)
      .max(1000, FRAUD_RULE_MESSAGES.whole)
      .nullish(),
    invalidCodeWindowMinutes: minutes.nullish(),
    invalidCodeLockMinutes: minutes.nullish(),
    deviceClusterMembers: clusterMembers.nullish(),
    locationClusterMembers: clusterMembers.nullish(),
    clusterRadiusMetres: z
      .number({ error: FRAUD_RULE_MESSAGES.clusterRadius })
      .int(FRAUD_RULE_MESSAGES.clusterRadius)
      .min(1, FRAUD_RULE_MESSAGES.clusterRadius)
      .max(1000, FRAUD_RULE_MESSAGES.clusterRadius)
      .nullish(),
    clusterWindowHours: z
      .number({ error: FRAUD_RULE_MESSAGES.clusterHours })
      .int(FRAUD_RULE_MESSAGES.clusterHours)
      .min(1, FRAUD_RULE_MESSAGES.clusterHours)
      .max(720, FRAUD_RULE_MESSAGES.clusterHours)
      .nullish(),
    clusterAction: z.enum(SCAN_RULE_ACTIONS, { error: FRAUD_RULE_MESSAGES.action }).nullish(),
    ...settingRequestFields,
  })
  .superRefine((body, ctx) => {
    if (body.scansPerHour && !body.scansPerHourAction)
      ctx.addIssue({ code: 'custom', path: ['scansPerHourAction'], message: FRAUD_RULE_MESSAGES.action });
    if (!body.scansPerHour && body.scansPerHourAction)
      ctx.addIssue({ code: 'custom', path: ['scansPerHour'], message: FRAUD_RULE_MESSAGES.whole });
    const invalidCodes = [
      body.invalidCodeAttempts,
      body.invalidCodeWindowMinutes,
      body.invalidCodeLockMinutes,
    ];
    if (invalidCodes.some((v) => v != null) && invalidCodes.some((v) => v == null))
      for (const field of [
        'invalidCodeAttempts',
        'invalidCodeWindowMinutes',
        'invalidCodeLockMinutes',
      ] as const)
        if (body[field] == null)
          ctx.addIssue({ code: 'custom', path: [field], message: FRAUD_RULE_MESSAGES.invalidCodesTogether });
    const clustered = body.deviceClusterMembers != null || body.locationClusterMembers != null;
    if (clustered && body.clusterWindowHours == null)
      ctx.addIssue({
        code: 'custom',
        path: ['clusterWindowHours'],
        message: FRAUD_RULE_MESSAGES.clusterTogether,
      });
    if (clustered && !body.clusterAction)
      ctx.addIssue({ code: 'custom', path: ['clusterAction'], message: FRAUD_RULE_MESSAGES.clusterTogether });
    if (body.locationClusterMembers != null && body.clusterRadiusMetres == null)
      ctx.addIssue({
        code: 'custom',
        path: ['clusterRadiusMetres'],
        message: FRAUD_RULE_MESSAGES.clusterTogether,
      });
  });
export type FraudRulesBody = z.infer<typeof fraudRulesBody>;

export const fraudRulesRow = z.object({
  ...settingRowFields,
  scansPerHour: z.number().int().nullable(),
  scansPerHourAction: z.enum(SCAN_RULE_ACTIONS).nullable(),
  samePanAction: z.enum(FRAUD_ACTIONS).nullable(),
  sameBankAction: z.enum(FRAUD_ACTIONS).nullable(),
  sameUpiAction: z.enum(FRAUD_ACTIONS).nullable(),
  outsideStateAction: z.enum(SCAN_RULE_ACTIONS).nullable(),
  invalidCodeAttempts: z.number().int().nullable(),
  invalidCodeWindowMinutes: z.number().int().nullable(),
  invalidCodeLockMinutes: z.number().int().nullable(),
  deviceClusterMembers: z.number().int().nullable(),
  locationClusterMembers: z.number().int().nullable(),
  clusterRadiusMetres: z.number().int().nullable(),
  clusterWindowHours: z.number().int().nullable(),
  clusterAction: z.enum(SCAN_RULE_ACTIONS).nullable(),
});
export type FraudRulesRow = z.infer<typeof fraudRulesRow>;

/** Another approved member with the same PAN or bank account as a KYC submission (shown to staff). */
export const kycDuplicate = z.object({
  field: z.enum(['pan', 'account', 'upi']),
  memberId: z.number().int(),
  memberCode: z.string().nullable(),
  memberName: z.string().nullable(),
  action: z.enum(FRAUD_ACTIONS),
});
export type KycDuplicate = z.infer<typeof kycDuplicate>;
export const KYC_DUPLICATE_LABELS = { pan: 'PAN', account: 'bank account', upi: 'UPI id' } as const;

export const fraudRulesEndpoints = settingEndpoints('/admin/fraud-rules', {
  page: SCAN_HISTORY_PAGE,
  actions: { request: 'fraud-rules.request', approve: 'fraud-rules.approve' },
  tags: ['Fraud rules'],
  body: fraudRulesBody,
  row: fraudRulesRow,
  summaries: {
    list: 'Fraud rules: the set in force, pending requests and the history',
    request: 'Request fraud rules from a date; a second person approves them',
    approve: 'Approve requested fraud rules (not by their requester)',
    reject: 'Reject requested fraud rules, with a reason',
  },
});
