import { z } from 'zod';
import { listEndpoints } from './endpoint-kits';

/**
 * The points ledger (PRODUCT.md §2): every change of a member's points is one append-only entry of
 * one kind, with a reference to its cause. (kind, reference) is unique: a cause never posts twice.
 */
export const LEDGER_KINDS = [
  'scan',
  'scheme_bonus',
  'dealer_share',
  'joining',
  'referral',
  'game',
  'project_bonus',
  'adjustment',
  'redemption_hold',
  'redemption_refund',
  'expiry',
  'scan_reversal',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  scan: 'QR scan',
  scheme_bonus: 'Scheme bonus',
  dealer_share: 'Dealer share of a partner scan',
  joining: 'Joining points',
  referral: 'Referral points',
  game: 'Game',
  project_bonus: 'Project bonus',
  adjustment: 'Manual adjustment',
  redemption_hold: 'Redemption',
  redemption_refund: 'Redemption refund',
  expiry: 'Expiry',
  scan_reversal: 'Scan reversed (review)',
};

/**
 * What the programme gave members for what they did: every credit but refunds and adjustments. The
 * dashboard's "Points issued" sums these; with the holds that stand ("Points redeemed") and the net of
 * adjustments and expiry they reconcile with the points outstanding (the sum of balances).
 */
export const EARNED_KINDS = [
  'scan',
  'scheme_bonus',
  'dealer_share',
  'joining',
  'referral',
  'game',
  'project_bonus',
] as const satisfies readonly LedgerKind[];

/**
 * Entries by what they mean for the programme's figures (the ledger filter `movement`): `earned`
 * (EARNED_KINDS), `redeemed` (redemption holds not given back by a refund: the holds that stand) and
 * `adjusted` (manual adjustments and expiry, either sign). Refunds belong to none: a refunded hold
 * and its refund cancel out.
 */
export const LEDGER_MOVEMENTS = ['earned', 'redeemed', 'adjusted'] as const;
export type LedgerMovement = (typeof LEDGER_MOVEMENTS)[number];
export const LEDGER_MOVEMENT_LABELS: Record<LedgerMovement, string> = {
  earned: 'Issued (earned)',
  redeemed: 'Redeemed (holds that stand)',
  adjusted: 'Adjusted or expired',
};

/** One ledger entry as the back-office lists show it. */
export const ledgerEntry = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberCode: z.string(),
  memberName: z.string(),
  amount: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  reference: z.string(),
  balanceAfter: z.number().int(),
  staffId: z.number().int().nullable(),
  staffName: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

/** Filters of the ledger lists (`filter={...}`): QR Points History, a member's ledger tab. */
export const LEDGER_FILTERS = ['q', 'kind', 'movement', 'memberId', 'from', 'to'] as const;

/** The member app's own view of an entry: no staff names, no internal references. */
export const memberLedgerEntry = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  balanceAfter: z.number().int(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type MemberLedgerEntry = z.infer<typeof memberLedgerEntry>;

/** QR Points History: ledger entries of every kind, filtered by kind, member and date. */
export const ledgerEndpoints = listEndpoints('/admin/ledger', {
  access: { page: '/dashboard/QrPointHistories' },
  row: ledgerEntry,
  tags: ['ledger'],
  summary: 'Points ledger entries',
});
