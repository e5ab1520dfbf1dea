import type { CouponCounts } from '@app/contract/coupon-batches';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { couponBatches, coupons } from '../../db/schema/coupons';
import { damagedReportItems, damagedReports } from '../../db/schema/damaged-coupons';
import { distributors, invoiceLines, invoices } from '../../db/schema/invoices';
import { products } from '../../db/schema/products';
import { staff } from '../../db/schema/staff';
import { defineList } from '../../lib/lists/define';
import { type ReportSource, reportColumns, reportOf } from '../../lib/lists/report';
import { isoText } from '../../lib/lists/sql';
import { allocationList } from '../coupon-allocations';
import { scanList } from '../coupon-scans';
import { liabilityOf } from '../coupon-stock';
import { skuPoints } from '../scheme-points';
import { schemePointsPerScan } from '../schemes';
import { countExportColumns, countsJson, visibleCounts } from './coupon-counts';

type StockReportRow = Record<string, unknown> & {
  counts: CouponCounts;
  liability: number;
  liabilityWithSchemes: number;
};

/**
 * Batches created in the range with their stock by state, as the Coupon Stock page counts it (once a
 * batch has expired its unscanned codes count as expired), and the liability of active codes (report only).
 */
const couponStock = defineList<StockReportRow, Record<string, unknown>>({
  columns: {
    batchId: { sql: couponBatches.id, format: 'int' },
    sku: products.sku,
    productName: products.name,
    firstSerial: { sql: couponBatches.firstSerial, format: 'int' },
    lastSerial: { sql: couponBatches.lastSerial, format: 'int' },
    quantity: { sql: couponBatches.quantity, format: 'int' },
    expiresOn: { sql: couponBatches.expiresOn, format: 'date' },
    status: couponBatches.status,
    // As Coupon Stock (liabilityOf): at the points in force, and with the schemes in force at most.
    points: skuPoints.now,
    schemePoints: schemePointsPerScan(products.id, skuPoints.now),
    stored: countsJson(couponBatches.id),
    createdAt: { sql: isoText(couponBatches.createdAt), format: 'datetime' },
  },
  map: ({ stored, ...r }) => {
    const counts = visibleCounts(stored as Record<string, number> | null, r.expiresOn as string);
    const { liabilityPoints, liabilityWithSchemesPoints } = liabilityOf(
      counts.active,
      Number(r.points),
      Number(r.schemePoints),
    );
    return { ...r, counts, liability: liabilityPoints, liabilityWithSchemes: liabilityWithSchemesPoints };
  },
  computed: {
    ...countExportColumns<StockReportRow>(),
    liability: { label: 'Liability at points in force', format: 'int', cell: (row) => row.liability },
    liabilityWithSchemes: {
      label: 'Liability with schemes in force (at most)',
      format: 'int',
      cell: (row) => row.liabilityWithSchemes,
    },
  },
  from: (db, fields) =>
    db
      .select(fields)
      .from(couponBatches)
      .innerJoin(products, eq(products.id, couponBatches.productId))
      .$dynamic(),
  filters: {},
  sort: { createdAt: couponBatches.createdAt },
  defaultSort: 'createdAt',
  id: couponBatches.id,
});

/** One row per invoice line of the invoices recorded in the range. */
const invoiceLinesReport = defineList<Record<string, unknown>>({
  columns: {
    number: invoices.number,
    invoiceDate: invoices.invoiceDate,
    distributorCode: distributors.code,
    distributorName: distributors.name,
    gstin: distributors.gstin,
    state: distributors.state,
    city: distributors.city,
    sku: products.sku,
    quantity: invoiceLines.quantity,
    allocated: invoiceLines.allocated,
    uploadId: invoices.uploadId,
    createdAt: { sql: isoText(invoices.createdAt), format: 'datetime' },
  },
  from: (db, fields) =>
    db
      .select(fields)
      .from(invoiceLines)
      .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
      .innerJoin(distributors, eq(distributors.id, invoices.distributorId))
      .innerJoin(products, eq(products.id, invoiceLines.productId))
      .$dynamic(),
  filters: {},
  sort: { createdAt: invoices.createdAt },
  defaultSort: 'createdAt',
  id: invoiceLines.id,
});

const decider = alias(staff, 'decider');
/** One row per reported coupon (the serial breaks ties within a report). */
const damaged = defineList<Record<string, unknown>>({
  columns: {
    reportId: damagedReports.id,
    createdAt: { sql: isoText(damagedReports.createdAt), format: 'datetime' },
    serial: damagedReportItems.serial,
    code: coupons.code,
    sku: products.sku,
    reason: damagedReports.reason,
    status: damagedReports.status,
    reportedBy: staff.name,
    decidedBy: decider.name,
    decidedAt: { sql: sql`${isoText(damagedReports.decidedAt)}`, format: 'datetime' },
    replacement: sql<
      number | null
    >`(select r.serial from coupons r where r.replaces_serial = ${damagedReportItems.serial} limit 1)`,
  },
  from: (db, fields) =>
    db
      .select(fields)
      .from(damagedReportItems)
      .innerJoin(damagedReports, eq(damagedReports.id, damagedReportItems.reportId))
      .leftJoin(coupons, eq(coupons.serial, damagedReportItems.serial))
      .leftJoin(couponBatches, eq(couponBatches.id, coupons.batchId))
      .leftJoin(products, eq(products.id, couponBatches.productId))
      .leftJoin(staff, eq(staff.id, damagedReports.reportedBy))
      .leftJoin(decider, eq(decider.id, damagedReports.decidedBy))
      .$dynamic(),
  filters: {},
  sort: { createdAt: damagedReports.createdAt },
  defaultSort: 'createdAt',
  id: damagedReportItems.serial,
});

/** The coupon domain's report sources, keyed as contract/coupon-reports.ts. */
export const COUPON_REPORT_SOURCES: Record<
  'coupon_stock' | 'coupon_allocations' | 'invoices' | 'damaged_coupons' | 'scans',
  ReportSource
> = {
  coupon_stock: reportOf(couponStock, 'createdAt', reportColumns('coupon_stock')),
  coupon_allocations: reportOf(allocationList, 'createdAt', reportColumns('coupon_allocations')),
  invoices: reportOf(invoiceLinesReport, 'createdAt', reportColumns('invoices')),
  damaged_coupons: reportOf(damaged, 'createdAt', reportColumns('damaged_coupons')),
  scans: reportOf(scanList, 'createdAt', reportColumns('scans'), { serial: 'couponSerial' }),
};
