import { z } from 'zod';
import { endpoint } from './endpoint';
import { optionsEndpoint } from './endpoint-kits';
import { idParams, recordId, text, uniqueArray } from './input';
import { INDIAN_STATES, MEMBER_KYC_STATUSES, MEMBER_STATUSES, MEMBER_TYPES } from './members';
import { MESSAGE_LANGUAGES } from './messages';

/**
 * Segments (User Management → All Users → Segments): saved, named conditions over members, counted
 * live and used by campaigns (a notification, a scheme or a game aimed at a segment). Every condition
 * set narrows (AND); an empty one means everyone. The server compiles them to one SQL condition with
 * parameters (modules/segments/segment-sql.ts).
 */
export const SEGMENTS_PAGE = '/dashboard/users';
export const SEGMENT_ENTITY = 'segment';

export const SEGMENT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTaken: 'Another segment has this name',
  days: 'A whole number of days from 1 to 3650',
  points: 'A whole number of points from 0 to 100,000,000',
  pincode: 'A pincode is 6 digits',
  date: 'Enter a date (YYYY-MM-DD)',
  dateOrder: 'The end date must be on or after the start date',
  balanceOrder: 'The highest balance must be at least the lowest',
  scanOrder: 'Choose either scanned within or not scanned for, not both',
  holdout: 'Holdout: a whole percentage from 0 to 50',
  segmentRequired: 'Choose a segment',
  segmentUnknown: 'No such segment',
  segmentEmpty: 'The segment has no members to reach',
  windowDays: 'Measure over 1 to 90 days',
} as const;

const days = z
  .number({ error: SEGMENT_MESSAGES.days })
  .int(SEGMENT_MESSAGES.days)
  .min(1, SEGMENT_MESSAGES.days)
  .max(3650, SEGMENT_MESSAGES.days);
const points = z
  .number({ error: SEGMENT_MESSAGES.points })
  .int(SEGMENT_MESSAGES.points)
  .min(0, SEGMENT_MESSAGES.points)
  .max(100_000_000, SEGMENT_MESSAGES.points);
const day = z.iso.date({ error: SEGMENT_MESSAGES.date });

/** The conditions of a segment; each one given narrows the members to those meeting it too. */
export const segmentConditions = z
  .object({
    types: uniqueArray(z.enum(MEMBER_TYPES), MEMBER_TYPES.length).optional(),
    statuses: uniqueArray(z.enum(MEMBER_STATUSES), MEMBER_STATUSES.length).optional(),
    tiers: uniqueArray(text(40), 20).optional(),
    states: uniqueArray(z.enum(INDIAN_STATES), INDIAN_STATES.length).optional(),
    districts: uniqueArray(text(60), 200).optional(),
    pincodes: uniqueArray(z.string().regex(/^\d{6}$/, SEGMENT_MESSAGES.pincode), 1000).optional(),
    /** Partners of these dealers (member codes of dealers or retailers). */
    dealerCodes: uniqueArray(text(20), 1000).optional(),
    /** true: attached to a dealer; false: not attached to any. */
    hasDealer: z.boolean().optional(),
    registeredFrom: day.optional(),
    registeredTo: day.optional(),
    /** A successful scan within the last N days. */
    scannedWithinDays: days.optional(),
    /** No successful scan in the last N days (dormant; never scanned included). */
    notScannedForDays: days.optional(),
    balanceMin: points.optional(),
    balanceMax: points.optional(),
    /** At least `expiringMin` points (default 1) expiring within N days. */
    expiringWithinDays: days.optional(),
    expiringMin: points.optional(),
    kycStatuses: uniqueArray(z.enum(MEMBER_KYC_STATUSES), MEMBER_KYC_STATUSES.length).optional(),
    languages: uniqueArray(z.enum(MESSAGE_LANGUAGES), MESSAGE_LANGUAGES.length).optional(),
    /** Scanned at least one of these SKUs, ever. */
    skus: uniqueArray(text(40), 200).optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (c.registeredFrom && c.registeredTo && c.registeredTo < c.registeredFrom)
      issue('registeredTo', SEGMENT_MESSAGES.dateOrder);
    if (c.balanceMin != null && c.balanceMax != null && c.balanceMax < c.balanceMin)
      issue('balanceMax', SEGMENT_MESSAGES.balanceOrder);
    if (c.scannedWithinDays != null && c.notScannedForDays != null)
      issue('notScannedForDays', SEGMENT_MESSAGES.scanOrder);
  });
export type SegmentConditions = z.infer<typeof segmentConditions>;

/** Conditions in a query string (a read): JSON, then the same checks, field errors under `conditions.`. */
const conditionsJson = z
  .string()
  .max(20_000)
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'conditions must be a JSON object' });
      return z.NEVER;
    }
  })
  .pipe(segmentConditions);

export const segmentBody = z.object({
  name: text(80, { required: SEGMENT_MESSAGES.nameRequired }),
  conditions: segmentConditions,
});
export type SegmentBody = z.infer<typeof segmentBody>;

export const segmentRow = z.object({
  id: z.number().int(),
  name: z.string(),
  conditions: segmentConditions,
  /** Members meeting the conditions now. */
  members: z.number().int(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SegmentRow = z.infer<typeof segmentRow>;

export const segmentCount = z.object({ members: z.number().int() });

export const segmentOption = z.object({ id: z.number().int(), name: z.string() });

/** A use of a segment: which one, and the share of it kept out as the holdout (its lift baseline). */
export const campaignTarget = z.object({
  segmentId: recordId(SEGMENT_MESSAGES.segmentRequired),
  holdoutPercent: z
    .number({ error: SEGMENT_MESSAGES.holdout })
    .int(SEGMENT_MESSAGES.holdout)
    .min(0, SEGMENT_MESSAGES.holdout)
    .max(50, SEGMENT_MESSAGES.holdout)
    .default(0),
  /** A notification's lift is measured over this many days from its sending (a scheme's or game's: its dates). */
  windowDays: z
    .number({ error: SEGMENT_MESSAGES.windowDays })
    .int(SEGMENT_MESSAGES.windowDays)
    .min(1, SEGMENT_MESSAGES.windowDays)
    .max(90, SEGMENT_MESSAGES.windowDays)
    .default(14),
});
export type CampaignTarget = z.infer<typeof campaignTarget>;

export const CAMPAIGN_KINDS = ['notification', 'scheme', 'game'] as const;

/** A campaign's lift: the segment's reached members against its holdout, per member, in the window. */
export const campaignRow = z.object({
  id: z.number().int(),
  kind: z.enum(CAMPAIGN_KINDS),
  targetId: z.number().int().nullable(),
  segmentName: z.string(),
  holdoutPercent: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  reached: z.number().int(),
  holdout: z.number().int(),
  reachedScans: z.number().int(),
  holdoutScans: z.number().int(),
  reachedRedemptions: z.number().int(),
  holdoutRedemptions: z.number().int(),
  /** Scans per reached member over scans per held-out member, minus 1 (0.25 = 25% more); null without a holdout. */
  scanLift: z.number().nullable(),
  redemptionLift: z.number().nullable(),
});
export type CampaignRow = z.infer<typeof campaignRow>;

const tags = ['segments'];
const manage = { action: 'segments.manage' } as const;

export const segmentsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/segments',
    access: { page: SEGMENTS_PAGE },
    tags,
    summary: 'Saved segments with their live member counts',
    response: z.array(segmentRow),
  }),
  count: endpoint({
    method: 'GET',
    path: '/admin/segments/count',
    access: { page: SEGMENTS_PAGE },
    tags,
    summary:
      'How many members meet these conditions now (the query builder’s live count); conditions as JSON',
    query: z.object({ conditions: conditionsJson }),
    response: segmentCount,
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/segments',
    access: manage,
    tags,
    summary: 'Save a segment',
    body: segmentBody,
    response: segmentRow,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/segments/:id',
    access: manage,
    tags,
    summary: 'Change a segment’s name or conditions (campaigns already frozen keep their lists)',
    params: idParams,
    body: segmentBody,
    response: segmentRow,
  }),
  archive: endpoint({
    method: 'DELETE',
    path: '/admin/segments/:id',
    access: manage,
    tags,
    summary: 'Archive a segment (its campaigns and their lists stay)',
    params: idParams,
    noContent: true,
  }),
  options: optionsEndpoint('/admin/segment-options', segmentOption, 'Segments to aim a campaign at', tags),
  campaigns: endpoint({
    method: 'GET',
    path: '/admin/campaigns',
    access: { page: '/dashboard/notifications' },
    tags,
    summary: 'Campaigns aimed at segments with their lift against the holdout',
    response: z.array(campaignRow),
  }),
} as const;
