import { z } from 'zod';
import { endpoint } from './endpoint';
import { bulkDecisionEndpoints, listEndpoints } from './endpoint-kits';
import { idParams, recordId, text, uniqueArray } from './input';
import { INDIAN_STATES, MEMBER_TYPES } from './members';
import { campaignTarget } from './segments';

/**
 * Scheme (`/dashboard/scheme`, PRODUCT.md §3.4): a promotion on scans within its dates, for some member
 * types, states and SKUs (each empty = all), with one rule. `draft → active → ended`, or `cancelled`;
 * activation is requested and then approved by someone other than the creator and the requester.
 */
export const SCHEMES_PAGE = '/dashboard/scheme';
export const SCHEME_ENTITY = 'scheme';
/** SKUs one scheme may name; a scheme for more is a scheme for all (an empty list). */
export const MAX_SCHEME_PRODUCTS = 1000;

export const SCHEME_STATUSES = ['draft', 'active', 'ended', 'cancelled'] as const;
export type SchemeStatus = (typeof SCHEME_STATUSES)[number];

export const SCHEME_RULES = ['multiplier', 'fixed_bonus', 'slab_bonus', 'dealer_share'] as const;
export type SchemeRule = (typeof SCHEME_RULES)[number];
export const SCHEME_RULE_LABELS: Record<SchemeRule, string> = {
  multiplier: 'Multiplier on base points',
  fixed_bonus: 'Fixed bonus per scan',
  slab_bonus: 'Slab bonus (every N scans)',
  dealer_share: 'Dealer share of each partner scan (to the dealer)',
};

/** Who pays for a scheme's bonuses, recorded and reported. */
export const SCHEME_FUNDERS = ['manufacturer', 'distributor'] as const;
export type SchemeFunder = (typeof SCHEME_FUNDERS)[number];

export const SCHEME_MESSAGES = {
  budgetRange: 'Enter a budget of 1 to 1,000,000,000 points, or leave it empty for none',
  nameRequired: 'Name is required',
  tooLong: 'At most 100 characters',
  dateRequired: 'Enter a date (YYYY-MM-DD)',
  endBeforeStart: 'The end date must be on or after the start date',
  pastEnd: 'The end date must be today or later',
  ruleRequired: `The rule is one of: ${SCHEME_RULES.join(', ')}`,
  multiplierRange: 'A multiplier from 1.01 to 10, at most two decimals',
  bonusRange: 'Bonus points: a whole number from 1 to 100000',
  slabRange: 'Scans per slab: a whole number from 1 to 10000',
  shareRange: 'A share from 0.01 to 100 percent, at most two decimals',
  shareOrFixed: 'Give either a percentage or fixed points per scan, not both',
  notForRule: 'Not used by this rule',
  memberType: `Member types are among: ${MEMBER_TYPES.join(', ')}`,
  state: 'Choose states from the list',
  productIds: 'SKUs are product ids',
  makerChecker: 'You created or submitted this scheme; a different staff account must approve it',
} as const;

const day = z.iso.date({ error: SCHEME_MESSAGES.dateRequired });
const optionalInt = z.number().int().nullish();

export const schemeBody = z
  .object({
    name: text(100, { required: SCHEME_MESSAGES.nameRequired, tooLong: SCHEME_MESSAGES.tooLong }),
    startsOn: day,
    endsOn: day,
    memberTypes: uniqueArray(
      z.enum(MEMBER_TYPES, { error: SCHEME_MESSAGES.memberType }),
      MEMBER_TYPES.length,
    ).default([]),
    states: uniqueArray(
      z.enum(INDIAN_STATES, { error: SCHEME_MESSAGES.state }),
      INDIAN_STATES.length,
    ).default([]),
    productIds: uniqueArray(recordId(SCHEME_MESSAGES.productIds), MAX_SCHEME_PRODUCTS).default([]),
    rule: z.enum(SCHEME_RULES, { error: SCHEME_MESSAGES.ruleRequired }),
    multiplier: z.number({ error: SCHEME_MESSAGES.multiplierRange }).nullish(),
    bonusPoints: optionalInt,
    slabScans: optionalInt,
    /** A dealer share: percent of the partner's base points (else `bonusPoints` fixed per scan). */
    sharePercent: z.number({ error: SCHEME_MESSAGES.shareRange }).nullish(),
    /** Aim the scheme at a segment (frozen into a campaign when the scheme is saved), with a holdout. */
    target: campaignTarget.nullish(),
    /** Bonus points the scheme may pay in all; empty: no budget. */
    budgetPoints: optionalInt,
    fundedBy: z.enum(SCHEME_FUNDERS, { error: 'Choose manufacturer or distributor' }).nullish(),
  })
  .superRefine((b, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (b.endsOn < b.startsOn) issue('endsOn', SCHEME_MESSAGES.endBeforeStart);
    const isMultiplier = b.rule === 'multiplier';
    const m = b.multiplier;
    if (isMultiplier && (m == null || m < 1.01 || m > 10 || Math.round(m * 100) !== m * 100))
      issue('multiplier', SCHEME_MESSAGES.multiplierRange);
    if (!isMultiplier && m != null) issue('multiplier', SCHEME_MESSAGES.notForRule);
    const p = b.bonusPoints;
    const share = b.sharePercent;
    if (b.rule === 'dealer_share') {
      if (share != null && p != null) issue('sharePercent', SCHEME_MESSAGES.shareOrFixed);
      else if (share != null && (share < 0.01 || share > 100 || Math.round(share * 100) !== share * 100))
        issue('sharePercent', SCHEME_MESSAGES.shareRange);
      else if (share == null && (p == null || p < 1 || p > 100_000))
        issue('bonusPoints', SCHEME_MESSAGES.bonusRange);
    } else if (share != null) issue('sharePercent', SCHEME_MESSAGES.notForRule);
    if (!isMultiplier && b.rule !== 'dealer_share' && (p == null || p < 1 || p > 100_000))
      issue('bonusPoints', SCHEME_MESSAGES.bonusRange);
    if (isMultiplier && p != null) issue('bonusPoints', SCHEME_MESSAGES.notForRule);
    const n = b.slabScans;
    if (b.rule === 'slab_bonus' && (n == null || n < 1 || n > 10_000))
      issue('slabScans', SCHEME_MESSAGES.slabRange);
    if (b.rule !== 'slab_bonus' && n != null) issue('slabScans', SCHEME_MESSAGES.notForRule);
    const budget = b.budgetPoints;
    if (budget != null && (budget < 1 || budget > 1_000_000_000))
      issue('budgetPoints', SCHEME_MESSAGES.budgetRange);
  });
export type SchemeBody = z.infer<typeof schemeBody>;

export const schemeCancelBody = z.object({ reason: text(200, { multiline: true }).optional() });

export const schemeRow = z.object({
  id: z.number().int(),
  name: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  memberTypes: z.array(z.string()),
  states: z.array(z.string()),
  productIds: z.array(z.number().int()),
  rule: z.enum(SCHEME_RULES),
  multiplier: z.number().nullable(),
  bonusPoints: z.number().int().nullable(),
  slabScans: z.number().int().nullable(),
  sharePercent: z.number().nullable(),
  /** The campaign (frozen segment) the scheme is aimed at; null: everyone it otherwise fits. */
  campaignId: z.number().int().nullable(),
  segmentName: z.string().nullable(),
  budgetPoints: z.number().int().nullable(),
  /** Bonus points paid so far against the budget (charged by the scan). */
  budgetSpent: z.number().int(),
  fundedBy: z.enum(SCHEME_FUNDERS).nullable(),
  status: z.enum(SCHEME_STATUSES),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  /** Set while a draft awaits approval. */
  activationRequestedBy: z.number().int().nullable(),
  activationRequestedByName: z.string().nullable(),
  approvedBy: z.number().int().nullable(),
  approvedByName: z.string().nullable(),
  approvedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SchemeRow = z.infer<typeof schemeRow>;

/** One line of a scheme's history (its audit entries). */
export const schemeEvent = z.object({
  id: z.number().int(),
  action: z.string(),
  actorName: z.string().nullable(),
  at: z.string(),
  after: z.unknown(),
});
export type SchemeEvent = z.infer<typeof schemeEvent>;

export const SCHEME_FILTERS = ['q', 'status', 'rule'] as const;

const access = { page: SCHEMES_PAGE } as const;
const manage = { action: 'schemes.manage' } as const;
const approve = { action: 'schemes.approve' } as const;
const tags = ['schemes'];

/** A move of one scheme (`POST /admin/schemes/:id/<verb>`) → the scheme as it is now. */
const move = <const V extends string, const A extends typeof manage | typeof approve>(
  verb: V,
  access: A,
  summary: string,
) =>
  endpoint({
    method: 'POST',
    path: `/admin/schemes/:id/${verb}` as `/admin/schemes/:id/${V}`,
    access,
    tags,
    summary,
    params: idParams,
    response: schemeRow,
  });

/** Scheme: drafts, activation by a second person (maker-checker), end, cancel, history. */
export const schemesEndpoints = {
  ...listEndpoints('/admin/schemes', { access, row: schemeRow, tags, summary: 'Schemes' }),
  one: endpoint({
    method: 'GET',
    path: '/admin/schemes/:id',
    access,
    tags,
    summary: 'One scheme',
    params: idParams,
    response: schemeRow,
  }),
  history: endpoint({
    method: 'GET',
    path: '/admin/schemes/:id/history',
    access,
    tags,
    summary: 'A scheme’s history',
    params: idParams,
    response: z.array(schemeEvent),
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/schemes',
    access: manage,
    tags,
    summary: 'Create a draft scheme',
    body: schemeBody,
    response: schemeRow,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/schemes/:id',
    access: manage,
    tags,
    summary: 'Edit a draft',
    params: idParams,
    body: schemeBody,
    response: schemeRow,
  }),
  requestActivation: move('request-activation', manage, 'Submit a draft for activation'),
  approve: move('approve', approve, 'Approve activation (not by its creator or submitter)'),
  reject: move('reject', approve, 'Reject activation: back to draft (not by its creator or submitter)'),
  end: move('end', manage, 'End an active scheme'),
  cancel: endpoint({
    method: 'POST',
    path: '/admin/schemes/:id/cancel',
    access: manage,
    tags,
    summary: 'Cancel a draft or active scheme',
    params: idParams,
    body: schemeCancelBody,
    response: schemeRow,
  }),
  bulk: bulkDecisionEndpoints('/admin/schemes', {
    action: 'schemes.approve',
    noun: 'scheme activations (not by their creator or submitter)',
    tags,
  }),
};
