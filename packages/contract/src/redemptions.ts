import { z } from 'zod';
import { bulkDecisionBody, bulkDecisionResult } from './decisions';
import { endpoint } from './endpoint';
import { listEndpoints, recordEndpoints, uploadEndpoints } from './endpoint-kits';
import { idParams, recordId, text, uniqueArray } from './input';
import { idempotencyHeaders } from './member-app';
import { MEMBER_TYPES } from './members';
import { uploadResult } from './uploads';

/**
 * Rewards and redemption (PRODUCT.md 3.6). Rewards are the gifts and e-vouchers of Manage Catalogue;
 * a redemption spends a member's points on a reward or on cash. Money in integer paise, points whole.
 */

export const CATALOGUE_PAGE = '/dashboard/products/catalogue';
export const REDEMPTION_PAGE = '/dashboard/approvals/redemption';
export const REWARD_ENTITY = 'reward';
export const REDEMPTION_ENTITY = 'redemption';

// ─── Rewards ────────────────────────────────────────────────────────────────────────────────────────

export const REWARD_TYPES = ['physical', 'e_voucher'] as const;
export type RewardType = (typeof REWARD_TYPES)[number];
export const REWARD_TYPE_LABELS: Record<RewardType, string> = {
  physical: 'Physical gift',
  e_voucher: 'E-voucher',
};

export const REWARD_MESSAGES = {
  nameRequired: 'Name is required',
  typeRequired: 'Choose physical gift or e-voucher',
  brandRequired: 'Brand is required for an e-voucher',
  denominationRequired: 'Denomination is required for an e-voucher',
  stockRequired: 'Stock is required for a physical gift',
  pointsRange: 'Points cost must be a whole number from 1 to 10,00,000',
  paiseRange: 'Amount in paise: a whole number from 0 to ₹10,00,000',
  stockRange: 'Stock must be a whole number from 0 to 10,00,000',
  typesRequired: 'Choose at least one member type',
  tooLong: 'At most 100 characters',
  archived: 'This reward is archived',
} as const;

const paise = (message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(100_000_000, message);

const rewardFields = {
  name: text(100, { required: REWARD_MESSAGES.nameRequired, tooLong: REWARD_MESSAGES.tooLong }),
  type: z.enum(REWARD_TYPES, { error: REWARD_MESSAGES.typeRequired }),
  brand: text(100, { tooLong: REWARD_MESSAGES.tooLong }).nullish(),
  denominationPaise: paise(REWARD_MESSAGES.paiseRange).nullish(),
  pointsCost: z
    .number({ error: REWARD_MESSAGES.pointsRange })
    .int(REWARD_MESSAGES.pointsRange)
    .min(1, REWARD_MESSAGES.pointsRange)
    .max(1_000_000, REWARD_MESSAGES.pointsRange),
  mrpPaise: paise(REWARD_MESSAGES.paiseRange),
  stock: z
    .number({ error: REWARD_MESSAGES.stockRange })
    .int(REWARD_MESSAGES.stockRange)
    .min(0, REWARD_MESSAGES.stockRange)
    .max(1_000_000, REWARD_MESSAGES.stockRange)
    .nullish(),
  imageFileId: recordId().nullish(),
  eligibleTypes: uniqueArray(z.enum(MEMBER_TYPES), MEMBER_TYPES.length).min(1, REWARD_MESSAGES.typesRequired),
  active: z.boolean().default(true),
};

/** An e-voucher needs its brand and denomination; a physical gift its stock. Field → message. */
export function rewardRuleErrors(r: {
  type?: RewardType;
  brand?: string | null;
  denominationPaise?: number | null;
  stock?: number | null;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  if (r.type === 'e_voucher') {
    if (!r.brand) errors.brand = REWARD_MESSAGES.brandRequired;
    if (r.denominationPaise === null || r.denominationPaise === undefined)
      errors.denominationPaise = REWARD_MESSAGES.denominationRequired;
  }
  if (r.type === 'physical' && (r.stock === null || r.stock === undefined))
    errors.stock = REWARD_MESSAGES.stockRequired;
  return errors;
}

export const rewardCreateBody = z.object(rewardFields).superRefine((r, ctx) => {
  for (const [field, message] of Object.entries(rewardRuleErrors(r)))
    ctx.addIssue({ code: 'custom', path: [field], message });
});
export type RewardCreateBody = z.infer<typeof rewardCreateBody>;

/** Edit: any field; the type rule is checked against the merged record on the server. */
export const rewardUpdateBody = z.object(rewardFields).partial();
export type RewardUpdateBody = z.infer<typeof rewardUpdateBody>;

export const rewardRow = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(REWARD_TYPES),
  brand: z.string().nullable(),
  denominationPaise: z.number().int().nullable(),
  pointsCost: z.number().int(),
  mrpPaise: z.number().int(),
  stock: z.number().int().nullable(),
  imageFileId: z.number().int().nullable(),
  eligibleTypes: z.array(z.enum(MEMBER_TYPES)),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RewardRow = z.infer<typeof rewardRow>;

export const REWARD_FILTERS = ['q', 'type', 'active'] as const;

/**
 * What the member app lists: a reward this member may redeem now, with its availability. A physical
 * gift is listed while in stock. An e-voucher is in stock while more vouchers of its brand and
 * denomination are available than redemptions already wait for; out of stock, it is listed with
 * `waitsForStock` and its notice (a request is accepted and waits), or not at all when the redemption
 * settings refuse requests for vouchers out of stock.
 */
export const appReward = rewardRow
  .pick({
    id: true,
    name: true,
    type: true,
    brand: true,
    denominationPaise: true,
    pointsCost: true,
    mrpPaise: true,
    stock: true,
    imageFileId: true,
  })
  .extend({
    inStock: z.boolean(),
    /** Out of stock, and a request would be accepted and wait for stock (points held meanwhile). */
    waitsForStock: z.boolean(),
    /** What to tell the member about availability (null: nothing to say). */
    notice: z.string().nullable(),
  });
export type AppReward = z.infer<typeof appReward>;

// ─── Redemptions ────────────────────────────────────────────────────────────────────────────────────

export const REDEMPTION_KINDS = ['gift', 'voucher', 'cash'] as const;
export type RedemptionKind = (typeof REDEMPTION_KINDS)[number];
export const REDEMPTION_KIND_LABELS: Record<RedemptionKind, string> = {
  gift: 'Gift',
  voucher: 'E-voucher',
  cash: 'Cash',
};

/**
 * The states of PRODUCT.md 3.6: `requested → approved | rejected | cancelled`; cash
 * `approved → paid | failed`; voucher `approved → fulfilled`; gift
 * `approved → dispatched → delivered | returned`.
 */
export const REDEMPTION_STATUSES = [
  'requested',
  'approved',
  'rejected',
  'cancelled',
  'paid',
  'failed',
  'fulfilled',
  'dispatched',
  'delivered',
  'returned',
] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];
export const REDEMPTION_STATUS_LABELS: Record<RedemptionStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  paid: 'Paid',
  failed: 'Failed',
  fulfilled: 'Fulfilled',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  returned: 'Returned',
};

/** The states whose points went back to the member (`redemption_refund`). */
export const REFUNDED_STATUSES = [
  'rejected',
  'cancelled',
  'failed',
  'returned',
] as const satisfies readonly RedemptionStatus[];
/**
 * The states whose TDS is still open: nothing paid, issued or shipped yet. Their TDS is recomputed when
 * another redemption of the member's financial year is refunded, and fixed when they are settled.
 */
export const TDS_OPEN_STATUSES = ['requested', 'approved'] as const satisfies readonly RedemptionStatus[];
/** The moves that settle a redemption's TDS (money paid, a voucher issued, a gift shipped). */
export const TDS_SETTLING_STATUSES = [
  'paid',
  'fulfilled',
  'dispatched',
] as const satisfies readonly RedemptionStatus[];
/** Every move the state machine allows, by kind (the approval is common to all). */
export const REDEMPTION_TRANSITIONS: Record<
  RedemptionKind,
  Partial<Record<RedemptionStatus, readonly RedemptionStatus[]>>
> = {
  // paid → failed: a payout the bank reversed after it was processed (the payout API's reversal only).
  cash: { requested: ['approved', 'rejected', 'cancelled'], approved: ['paid', 'failed'], paid: ['failed'] },
  voucher: { requested: ['approved', 'rejected', 'cancelled'], approved: ['fulfilled'] },
  gift: {
    requested: ['approved', 'rejected', 'cancelled'],
    approved: ['dispatched'],
    dispatched: ['delivered', 'returned'],
  },
};
export const canMove = (kind: RedemptionKind, from: RedemptionStatus, to: RedemptionStatus): boolean =>
  REDEMPTION_TRANSITIONS[kind][from]?.includes(to) ?? false;

export const PAYOUT_METHODS = ['bank', 'upi'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

export const REDEMPTION_MESSAGES = {
  kindRequired: 'Choose gift, voucher or cash',
  rewardRequired: 'Choose a reward',
  quantityRange: 'Quantity: a whole number from 1 to 100',
  voucherQuantity: 'An e-voucher redemption is for one voucher',
  pointsRange: 'Points: a whole number from 1 to 1,00,00,000',
  payoutRequired: 'Choose bank or UPI',
  memberNotApproved: 'Your registration is not approved yet',
  memberRejected: 'Your registration was not approved, so you cannot redeem',
  memberBlocked: 'Your account is blocked, so you cannot redeem; please contact support',
  kycNotApproved: 'Your KYC must be approved before you redeem',
  belowMinimum: (min: number) => `Cash redemption needs at least ${min.toLocaleString('en-IN')} points`,
  noUpi: 'Your KYC has no UPI id; choose bank',
  noBank: 'Your KYC has no bank account; choose UPI',
  rewardUnavailable: 'This reward is not available to you',
  outOfStock: 'This reward is out of stock',
  rewardWaitsForStock:
    'Out of stock: if you redeem it, your points are held and the voucher is issued when stock arrives',
  redemptionWaitsForStock:
    'Waits for stock: your points are held and your voucher is issued as soon as stock arrives',
  wrongKind: 'This reward is not of that kind',
  reasonRequired: 'Give a reason',
  utrRequired: 'UTR is required',
  utrFormat: 'UTR: 6 to 30 letters or digits',
  utrTaken: 'This UTR is already recorded on another redemption',
  paidByApprover: 'You approved this redemption; a different staff account must mark it paid',
  notYours: 'Redemption not found',
  noVoucher: 'No voucher has been issued to this redemption yet',
} as const;

const addressSchema = z.object({
  line: text(200, { required: 'Address is required' }),
  city: text(100, { required: 'City is required' }),
  district: text(100, { required: 'District is required' }),
  state: text(100, { required: 'State is required' }),
  pincode: z.string({ error: 'Pincode: 6 digits' }).regex(/^[1-9][0-9]{5}$/, 'Pincode: 6 digits'),
});
export type ShippingAddress = z.infer<typeof addressSchema>;
export const shippingAddress = addressSchema;

/** `POST /api/app/redemptions`: the fields each kind needs (gift/voucher: reward; cash: points, payout). */
export const redemptionRequestBody = z
  .object({
    kind: z.enum(REDEMPTION_KINDS, { error: REDEMPTION_MESSAGES.kindRequired }),
    rewardId: recordId(REDEMPTION_MESSAGES.rewardRequired).optional(),
    quantity: z
      .number({ error: REDEMPTION_MESSAGES.quantityRange })
      .int(REDEMPTION_MESSAGES.quantityRange)
      .min(1, REDEMPTION_MESSAGES.quantityRange)
      .max(100, REDEMPTION_MESSAGES.quantityRange)
      .default(1),
    points: z
      .number({ error: REDEMPTION_MESSAGES.pointsRange })
      .int(REDEMPTION_MESSAGES.pointsRange)
      .min(1, REDEMPTION_MESSAGES.pointsRange)
      .max(10_000_000, REDEMPTION_MESSAGES.pointsRange)
      .optional(),
    payout: z.enum(PAYOUT_METHODS, { error: REDEMPTION_MESSAGES.payoutRequired }).optional(),
    address: addressSchema.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'cash') {
      if (b.points === undefined)
        ctx.addIssue({ code: 'custom', path: ['points'], message: REDEMPTION_MESSAGES.pointsRange });
      if (b.payout === undefined)
        ctx.addIssue({ code: 'custom', path: ['payout'], message: REDEMPTION_MESSAGES.payoutRequired });
    } else if (b.rewardId === undefined)
      ctx.addIssue({ code: 'custom', path: ['rewardId'], message: REDEMPTION_MESSAGES.rewardRequired });
    if (b.kind === 'voucher' && b.quantity !== 1)
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: REDEMPTION_MESSAGES.voucherQuantity });
  });
export type RedemptionRequestBody = z.infer<typeof redemptionRequestBody>;

export const redemptionEvent = z.object({
  id: z.number().int(),
  fromStatus: z.enum(REDEMPTION_STATUSES).nullable(),
  toStatus: z.enum(REDEMPTION_STATUSES),
  note: z.string().nullable(),
  at: z.string(),
});
export type RedemptionEvent = z.infer<typeof redemptionEvent>;

/**
 * The e-voucher issued to the member's redemption: the code to use it; the PIN masked (`XXXX`, null
 * when the voucher has none) until the member reveals it (`POST /api/app/redemptions/:id/voucher`).
 */
export const appVoucher = z.object({
  brand: z.string(),
  denominationPaise: z.number().int(),
  code: z.string(),
  pinMasked: z.string().nullable(),
  expiresOn: z.string(),
});
export type AppVoucher = z.infer<typeof appVoucher>;
/** The revealed voucher: the code and the full PIN (null: the voucher has no PIN). Every reveal is recorded. */
export const appVoucherRevealed = appVoucher.omit({ pinMasked: true }).extend({ pin: z.string().nullable() });
export type AppVoucherRevealed = z.infer<typeof appVoucherRevealed>;

/** The member app's view of one redemption, with its state history. */
export const appRedemption = z.object({
  id: z.number().int(),
  kind: z.enum(REDEMPTION_KINDS),
  rewardId: z.number().int().nullable(),
  rewardName: z.string().nullable(),
  quantity: z.number().int(),
  points: z.number().int(),
  valuePaise: z.number().int(),
  tdsPaise: z.number().int(),
  netPaise: z.number().int(),
  payout: z.enum(PAYOUT_METHODS).nullable(),
  status: z.enum(REDEMPTION_STATUSES),
  reason: z.string().nullable(),
  utr: z.string().nullable(),
  courierCompany: z.string().nullable(),
  awb: z.string().nullable(),
  /**
   * An e-voucher redemption not yet fulfilled for want of stock: approved without a voucher, or
   * requested while no voucher is left for it after the redemptions before it.
   */
  waitingForStock: z.boolean(),
  /** What to tell the member about this redemption now (e.g. that it waits for stock). */
  notice: z.string().nullable(),
  /** An e-voucher redemption once fulfilled: the voucher issued to it (only its member sees it). */
  voucher: appVoucher.nullable(),
  createdAt: z.string(),
  history: z.array(redemptionEvent),
});
export type AppRedemption = z.infer<typeof appRedemption>;

/** One row of Approvals → Redemption, the member's redemptions tab and the redemptions report. */
export const redemptionRow = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberCode: z.string(),
  memberName: z.string(),
  memberMobile: z.string(),
  kind: z.enum(REDEMPTION_KINDS),
  rewardId: z.number().int().nullable(),
  rewardName: z.string().nullable(),
  quantity: z.number().int(),
  points: z.number().int(),
  valuePaise: z.number().int(),
  financialYear: z.string(),
  tdsRateBp: z.number().int(),
  tdsPaise: z.number().int(),
  tdsBorneBy: z.enum(['member', 'company']),
  panOnFile: z.boolean(),
  netPaise: z.number().int(),
  payout: z.enum(PAYOUT_METHODS).nullable(),
  payoutTo: z.string().nullable(),
  status: z.enum(REDEMPTION_STATUSES),
  /** An approved voucher redemption without a voucher yet: it waits for stock. */
  waitingForStock: z.boolean(),
  reason: z.string().nullable(),
  /** The staff account that approved it: it may not also mark it paid (maker-checker). */
  approvedBy: z.number().int().nullable(),
  approvedByName: z.string().nullable(),
  approvedAt: z.string().nullable(),
  utr: z.string().nullable(),
  paidByName: z.string().nullable(),
  paidAt: z.string().nullable(),
  courierCompany: z.string().nullable(),
  awb: z.string().nullable(),
  dispatchedOn: z.string().nullable(),
  deliveredOn: z.string().nullable(),
  voucherId: z.number().int().nullable(),
  shipTo: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RedemptionRow = z.infer<typeof redemptionRow>;

export const REDEMPTION_FILTERS = ['q', 'kind', 'status', 'memberId', 'financialYear', 'from', 'to'] as const;

export const redemptionReasonBody = z.object({
  reason: text(500, { required: REDEMPTION_MESSAGES.reasonRequired, multiline: true }),
});
/** Approve or reject many: the rows, and the reason rejecting needs (request text rules). */
export const redemptionBulkBody = bulkDecisionBody.extend({
  reason: text(500, { multiline: true }).optional(),
});

export const utrText = text(30, { required: REDEMPTION_MESSAGES.utrRequired })
  .regex(/^[A-Za-z0-9]{6,30}$/, REDEMPTION_MESSAGES.utrFormat)
  .transform((s) => s.toUpperCase());
export const markPaidBody = z.object({ utr: utrText });
export type MarkPaidBody = z.infer<typeof markPaidBody>;

const day = z
  .string({ error: 'Use a date as YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD');
/** Gift dispatch (Courier Redemption). */
export const dispatchBody = z.object({
  courierCompany: text(100, { required: 'Courier company is required' }),
  awb: text(40, { required: 'AWB number is required' }),
  dispatchedOn: day,
});
export type DispatchBody = z.infer<typeof dispatchBody>;
export const deliveredBody = z.object({ deliveredOn: day });
export type DeliveredBody = z.infer<typeof deliveredBody>;

/** The UTR upload's columns (Approvals → Redemption, cash). */
export const UTR_UPLOAD_COLUMNS = ['Redemption', 'UTR'] as const;
export type UtrUploadColumn = (typeof UTR_UPLOAD_COLUMNS)[number];
export const utrUploadResult = uploadResult;
export type UtrUploadResult = z.infer<typeof utrUploadResult>;

// ─── Settings (TDS, cash minimum) ───────────────────────────────────────────────────────────────────

/**
 * A request for an e-voucher that is out of stock: `wait` (accepted, points held, the member told it
 * waits; issued when stock arrives) or `refuse` (409, nothing held; such vouchers are not listed).
 */
export const VOUCHER_OUT_OF_STOCK_RULES = ['wait', 'refuse'] as const;
export type VoucherOutOfStockRule = (typeof VOUCHER_OUT_OF_STOCK_RULES)[number];

export const DEFAULT_REDEMPTION_SETTINGS: {
  tdsThresholdPaise: number;
  tdsRateBp: number;
  tdsNoPanRateBp: number;
  minCashPoints: number;
  voucherOutOfStock: VoucherOutOfStockRule;
} = {
  tdsThresholdPaise: 2_000_000,
  tdsRateBp: 1000,
  tdsNoPanRateBp: 2000,
  minCashPoints: 1000,
  voucherOutOfStock: 'wait',
};

const bp = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .int(`${label}: whole basis points (1000 = 10%)`)
    .min(0, `${label}: 0 to 10000 basis points`)
    .max(10_000, `${label}: 0 to 10000 basis points`);

export const redemptionSettingBody = z.object({
  tdsThresholdPaise: paise('TDS threshold in paise: a whole number from 0 to ₹10,00,000'),
  tdsRateBp: bp('TDS rate'),
  tdsNoPanRateBp: bp('TDS rate without PAN'),
  minCashPoints: z
    .number({ error: 'Minimum cash points is required' })
    .int('Minimum cash points: a whole number')
    .min(1, 'At least 1 point')
    .max(10_000_000, 'At most 1,00,00,000 points'),
  voucherOutOfStock: z
    .enum(VOUCHER_OUT_OF_STOCK_RULES, { error: 'Choose wait or refuse' })
    .default(DEFAULT_REDEMPTION_SETTINGS.voucherOutOfStock),
  effectiveFrom: day,
});
export type RedemptionSettingBody = z.infer<typeof redemptionSettingBody>;
export const redemptionSettingRow = redemptionSettingBody.omit({ effectiveFrom: true }).extend({
  id: z.number().int(),
  effectiveFrom: z.string(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  current: z.boolean(),
});
export type RedemptionSettingRow = z.infer<typeof redemptionSettingRow>;

export interface TdsInput {
  /** This redemption's value in paise (points × paise per point). */
  valuePaise: number;
  /** The member's value already redeemed in the same financial year (refunded ones excluded). */
  priorFyValuePaise: number;
  panOnFile: boolean;
  thresholdPaise: number;
  rateBp: number;
  noPanRateBp: number;
}

/**
 * TDS under section 194R on one redemption, in integer paise (rounded to the nearest paisa): none
 * while the member's value in the financial year, this one included, stays within the threshold;
 * once it passes, the rate (the no-PAN rate without PAN) on this redemption's whole value.
 */
export function computeTds(input: TdsInput): { rateBp: number; tdsPaise: number } {
  if (input.priorFyValuePaise + input.valuePaise <= input.thresholdPaise) return { rateBp: 0, tdsPaise: 0 };
  const rateBp = input.panOnFile ? input.rateBp : input.noPanRateBp;
  // In bigint: value × rate passes 2⁵³ for the largest values (10¹² paise × 10⁴ basis points).
  const tds = (BigInt(input.valuePaise) * BigInt(rateBp) + 5_000n) / 10_000n;
  return { rateBp, tdsPaise: Number(tds) };
}

/**
 * What a cash redemption of `points` to `payout` would pay now, before the member confirms: the value,
 * the TDS the request would withhold (the same computation the request and the payout use: the
 * financial year's standing value, the PAN on file, the settings in force) and the net paid.
 */
export const cashQuoteQuery = z.object({
  points: z.coerce
    .number({ error: REDEMPTION_MESSAGES.pointsRange })
    .int(REDEMPTION_MESSAGES.pointsRange)
    .min(1, REDEMPTION_MESSAGES.pointsRange)
    .max(10_000_000, REDEMPTION_MESSAGES.pointsRange),
  payout: z.enum(PAYOUT_METHODS, { error: REDEMPTION_MESSAGES.payoutRequired }),
});
export const cashQuote = z.object({
  points: z.number().int(),
  payout: z.enum(PAYOUT_METHODS),
  /** Where it would be paid: the UPI id or the bank and the account's last four digits. */
  payoutTo: z.string(),
  valuePaise: z.number().int(),
  tdsRateBp: z.number().int(),
  tdsPaise: z.number().int(),
  netPaise: z.number().int(),
  financialYear: z.string(),
});
export type CashQuote = z.infer<typeof cashQuote>;

/** A member's TDS statement: the financial year (`2026-27`), April to March. */
export const tdsStatementQuery = z.object({
  year: z
    .string({ error: 'year: a financial year such as 2026-27' })
    .regex(/^20\d{2}-\d{2}$/, 'year: a financial year such as 2026-27')
    .refine(
      (y) => (Number(y.slice(0, 4)) + 1) % 100 === Number(y.slice(5)),
      'year: a financial year such as 2026-27',
    ),
});

// ─── Endpoints (declared once; the server registers them, the web calls them) ─────────────────────────

const tags = ['redemptions'] as const;
const queue = { page: REDEMPTION_PAGE } as const;
const deciding = { action: 'redemptions.decide' } as const;
const paying = { action: 'redemptions.pay' } as const;
const settingsTags = ['points settings'] as const;

/** Manage Catalogue → Rewards: a plain record (list, one, create, partial edit, archive, restore), its image. */
export const rewardsEndpoints = {
  ...recordEndpoints('/admin/rewards', {
    page: CATALOGUE_PAGE,
    manage: 'rewards.manage',
    row: rewardRow,
    create: rewardCreateBody,
    update: rewardUpdateBody,
    summary: 'Rewards (gifts and e-vouchers)',
    tags: ['rewards'],
    archive: true,
  }),
  image: endpoint({
    method: 'GET',
    path: '/admin/rewards/:id/image',
    access: { page: CATALOGUE_PAGE },
    tags: ['rewards'],
    summary: 'The reward image (its thumbnail with ?thumbnail=true)',
    params: idParams,
    query: z.object({ thumbnail: z.enum(['true', 'false']).default('false') }),
    file: true,
  }),
};

/** Approvals → Redemption (the queue, decisions, cash payment), a member's redemptions, the settings. */
export const redemptionsEndpoints = {
  ...listEndpoints('/admin/redemptions', {
    access: queue,
    row: redemptionRow,
    tags,
    summary: 'Redemptions (with TDS)',
  }),
  /** One member's redemptions (Members → a member → Redemptions). */
  ofMember: listEndpoints('/admin/users/:id/redemptions', {
    access: { page: '/dashboard/users' },
    row: redemptionRow,
    tags,
    summary: 'One member’s redemptions',
    params: idParams,
  }),
  one: endpoint({
    method: 'GET',
    path: '/admin/redemptions/:id',
    access: queue,
    tags,
    summary: 'One redemption',
    params: idParams,
    response: redemptionRow,
  }),
  approve: endpoint({
    method: 'POST',
    path: '/admin/redemptions/:id/approve',
    access: deciding,
    tags,
    summary: 'Approve a requested redemption',
    params: idParams,
    response: redemptionRow,
  }),
  reject: endpoint({
    method: 'POST',
    path: '/admin/redemptions/:id/reject',
    access: deciding,
    tags,
    summary: 'Reject (reason); the points go back',
    params: idParams,
    body: redemptionReasonBody,
    response: redemptionRow,
  }),
  bulkApprove: endpoint({
    method: 'POST',
    path: '/admin/redemptions/bulk/approve',
    access: deciding,
    tags,
    summary: 'Approve many (each row’s outcome)',
    body: redemptionBulkBody,
    response: bulkDecisionResult,
  }),
  bulkReject: endpoint({
    method: 'POST',
    path: '/admin/redemptions/bulk/reject',
    access: deciding,
    tags,
    summary: 'Reject many (each row’s outcome)',
    body: redemptionBulkBody,
    response: bulkDecisionResult,
  }),
  paid: endpoint({
    method: 'POST',
    path: '/admin/redemptions/:id/paid',
    access: paying,
    tags,
    summary: 'Cash: mark paid with the UTR (not by its approver)',
    params: idParams,
    body: markPaidBody,
    response: redemptionRow,
  }),
  failed: endpoint({
    method: 'POST',
    path: '/admin/redemptions/:id/failed',
    access: paying,
    tags,
    summary: 'Cash: payment failed (reason); the points go back',
    params: idParams,
    body: redemptionReasonBody,
    response: redemptionRow,
  }),
  utr: uploadEndpoints(
    {
      upload: '/admin/redemptions/utr-upload',
      template: '/admin/redemptions/utr-upload/template',
      errors: '/admin/redemptions/utr-upload/errors',
    },
    {
      access: queue,
      write: paying,
      tags,
      summary:
        'Mark many cash redemptions paid from an xlsx (Redemption, UTR); applyValid=true applies the good rows',
      result: utrUploadResult,
    },
  ),
  settings: endpoint({
    method: 'GET',
    path: '/admin/redemption/settings',
    access: { page: '/dashboard/joiningpoints' },
    tags: settingsTags,
    summary:
      'TDS threshold and rates, cash minimum, out-of-stock vouchers (wait or refuse): history, in force flagged',
    response: z.array(redemptionSettingRow),
  }),
  setSettings: endpoint({
    method: 'POST',
    path: '/admin/redemption/settings',
    access: { action: 'joining-points.configure' },
    tags: settingsTags,
    summary:
      'Set the TDS threshold and rates, the cash minimum and whether an out-of-stock voucher waits or is refused, from a date',
    body: redemptionSettingBody,
    response: z.array(redemptionSettingRow),
  }),
};

const appTags = ['member app'] as const;

/** The member app's rewards and redemptions (same authentication and Idempotency-Key as the scan). */
export const redemptionsAppEndpoints = {
  rewards: endpoint({
    method: 'GET',
    path: '/app/rewards',
    access: 'member',
    tags: appTags,
    summary:
      'What I may redeem now: active, for my member type, a gift in stock, a voucher in stock or waiting for stock (says so)',
    response: z.array(appReward),
  }),
  list: endpoint({
    method: 'GET',
    path: '/app/redemptions',
    access: 'member',
    tags: appTags,
    summary: 'My redemptions, newest first, with their state history',
    response: z.array(appRedemption),
  }),
  redeem: endpoint({
    method: 'POST',
    path: '/app/redemptions',
    access: { memberWrite: 'redeem' },
    tags: appTags,
    summary: 'Redeem a gift, an e-voucher or cash: the points are held at once',
    headers: idempotencyHeaders,
    body: redemptionRequestBody,
    response: appRedemption,
  }),
  cashQuote: endpoint({
    method: 'GET',
    path: '/app/redemptions/cash-quote',
    access: 'member',
    tags: appTags,
    summary: 'What a cash redemption would pay now: value, TDS withheld and net, before I confirm',
    query: cashQuoteQuery,
    response: cashQuote,
  }),
  tdsStatement: endpoint({
    method: 'GET',
    path: '/app/redemptions/tds-statement',
    access: 'member',
    tags: appTags,
    summary:
      'My TDS statement of a financial year (PDF): each payout with its gross, TDS and net, and the totals',
    query: tdsStatementQuery,
    file: true,
  }),
  revealVoucher: endpoint({
    method: 'POST',
    path: '/app/redemptions/:id/voucher',
    access: { memberWrite: 'revealVoucher' },
    tags: appTags,
    summary: "Show my e-voucher's code and full PIN (each reveal is recorded)",
    params: idParams,
    response: appVoucherRevealed,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/app/redemptions/:id/cancel',
    access: { memberWrite: 'cancelRedemption' },
    tags: appTags,
    summary: 'Cancel my redemption before it is approved; the points come back',
    headers: idempotencyHeaders,
    params: idParams,
    response: appRedemption,
  }),
};
