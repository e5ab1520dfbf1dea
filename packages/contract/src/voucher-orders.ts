import { z } from 'zod';
import { endpoint } from './endpoint';
import { idParams } from './input';
import { REDEMPTION_PAGE } from './redemptions';

/**
 * E-vouchers bought from a provider: a voucher redemption approved without uploaded stock
 * is bought from the provider (Xoxoday Plum) under our own reference, and issued like uploaded stock.
 * Finance sees the provider's balance and the failed orders on Gift Vouchers, and retries them.
 */
export const VOUCHER_ORDER_ENTITY = 'voucher_order';
export const VOUCHER_ORDER_STATUSES = ['queued', 'sending', 'placed', 'failed', 'cancelled'] as const;
export type VoucherOrderStatus = (typeof VOUCHER_ORDER_STATUSES)[number];
export const VOUCHER_PROVIDER_LABELS = { xoxoday: 'Xoxoday Plum' } as const;

export const VOUCHER_ORDER_MESSAGES = {
  notFailed: (status: string) => `This order is ${status}; only a failed order is retried`,
  noProduct: (brand: string) =>
    `No Xoxoday product id for the brand ${brand}: add it to XOXODAY_PRODUCT_IDS, then retry`,
  notConfigured: 'No voucher provider is configured (VOUCHER_PROVIDER)',
} as const;

export const voucherOrderRow = z.object({
  id: z.number().int(),
  redemptionId: z.number().int(),
  poNumber: z.string(),
  brand: z.string(),
  denominationPaise: z.number().int(),
  status: z.enum(VOUCHER_ORDER_STATUSES),
  attempts: z.number().int(),
  error: z.string().nullable(),
  updatedAt: z.string(),
});
export type VoucherOrderRow = z.infer<typeof voucherOrderRow>;

export const voucherProviderStatus = z.object({
  /** null: no provider configured; vouchers come from uploaded stock only. */
  provider: z.enum(['xoxoday']).nullable(),
  /** The provider's wallet, as it answered now (null when it did not). */
  balance: z.object({ value: z.number(), currency: z.string() }).nullable(),
  balanceError: z.string().nullable(),
  counts: z.object({
    queued: z.number().int(),
    sending: z.number().int(),
    placed: z.number().int(),
    failed: z.number().int(),
  }),
  /** Failed orders, newest first (at most 100): their redemptions are waiting. */
  failures: z.array(voucherOrderRow),
});
export type VoucherProviderStatus = z.infer<typeof voucherProviderStatus>;

const tags = ['gift vouchers'] as const;
/**
 * Shown to finance on Approvals → Redemption → Payouts (money out), where the voucher redemptions that
 * wait for the provider are: finance does not hold the Gift Vouchers page in the shell's role table.
 */
export const voucherOrderEndpoints = {
  status: endpoint({
    method: 'GET',
    path: '/admin/gift-vouchers/provider',
    access: { page: REDEMPTION_PAGE },
    tags,
    summary: 'The voucher provider: its balance, orders by status, and the failed ones',
    response: voucherProviderStatus,
  }),
  retry: endpoint({
    method: 'POST',
    path: '/admin/gift-vouchers/provider/orders/:id/retry',
    access: { action: 'payouts.prepare' },
    tags,
    summary: 'Retry a failed provider order (under the same reference: never bought twice); audited',
    params: idParams,
    response: voucherOrderRow,
  }),
};
