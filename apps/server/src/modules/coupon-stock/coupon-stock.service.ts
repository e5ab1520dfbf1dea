import type { CouponCounts } from '@app/contract/coupon-batches';
import type { CouponSummary } from '@app/contract/coupon-stock';
import { todayInIndia } from '@app/contract/format';
import type { FastifyInstance } from 'fastify';
import { fieldError } from '../../lib/errors';
import * as stock from './coupon-stock.repository';
import * as summary from './coupon-summary.repository';

export const stockBySku = (app: FastifyInstance) => stock.stockBySku(app.database.db);

const scanRate = (c: CouponCounts) => (c.active + c.scanned > 0 ? c.scanned / (c.active + c.scanned) : 0);
const daysBefore = (date: string, days: number) =>
  new Date(new Date(`${date}T00:00:00Z`).getTime() - days * 86_400_000).toISOString().slice(0, 10);
const MAX_DAYS = 366;

/** Coupons Dashboard Summary: totals by state, per SKU and distributor, and a day-by-day series. */
export async function couponSummary(
  app: FastifyInstance,
  range: { from?: string; to?: string },
): Promise<CouponSummary> {
  const to = range.to ?? todayInIndia();
  const from = range.from ?? daysBefore(to, 29);
  if (from > to) throw fieldError('to', 'The end date must be on or after the start date');
  if (daysBefore(to, MAX_DAYS) > from) throw fieldError('from', `At most ${MAX_DAYS} days`);
  const { db } = app.database;
  const perSku = await stock.stockBySku(db);
  const totals = stock.totalsOf(perSku);
  return {
    from,
    to,
    totals,
    scanRate: scanRate(totals),
    perSku: perSku.map((s) => ({ ...s, scanRate: scanRate(s.counts) })),
    perDistributor: await summary.perDistributor(db),
    days: await summary.perDay(db, from, to),
  };
}

export { stockList } from './coupon-stock.repository';
export { ofInvoice } from './coupon-summary.repository';

/** The action of the roles that print coupons: they see live codes in full; others see them masked. */
export const PRINTS_COUPONS = 'coupon-prints.create';

/** Invoice Wise Coupon Details as this caller may read it (the page and its export alike). */
export const invoiceCouponListFor = (permissions: ReadonlySet<string>) =>
  permissions.has(PRINTS_COUPONS) ? summary.invoiceCouponList : summary.maskedInvoiceCouponList;
