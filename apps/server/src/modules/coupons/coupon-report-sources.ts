import type { CouponCounts } from '@app/contract/coupon-batches';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { couponBatches, coupons } from '../../db/schema/coupons';
import { damagedReportItems, damagedReports } from '../../db/schema/damaged-coupons';
import { distributors, invoiceLines, invoices } from '../../db/schema/invoices';
import { products } from '../../db/schema/products';
import { staff } from '../../db/schema/staff';
import { defineList } from '../../lib/lists/define';
import { type ReportSource, reportOf } from '../../lib/lists/report';
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
    batchId: { sql: couponBatches.id, label: 'Batch', format: 'int', width: 8 },
    sku: { sql: products.sku, label: 'SKU', width: 14 },
    productName: { sql: products.name, label: 'Product', width: 24 },
    firstSerial: { sql: couponBatches.firstSerial, label: 'First serial', format: 'int', width: 12 },
    lastSerial: { sql: couponBatches.lastSerial, label: 'Last serial', format: 'int', width: 12 },
    quantity: { sql: couponBatches.quantity, label: 'Quantity', format: 'int', width: 10 },
    expiresOn: { sql: couponBatches.expiresOn, label: 'Expires', format: 'date', width: 12 },
    status: { sql: couponBatches.status, label: 'Status', width: 10 },
    // As Coupon Stock (liabilityOf): at the points in force, and with the schemes in force at most.
    points: skuPoints.now,
    schemePoints: schemePointsPerScan(products.id, skuPoints.now),
    stored: countsJson(couponBatches.id),
    createdAt: { sql: isoText(couponBatches.createdAt), label: 'Created', format: 'datetime', width: 20 },
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
    number: { sql: invoices.number, label: 'Invoice', width: 16 },
    invoiceDate: { sql: invoices.invoiceDate, label: 'Invoice date', format: 'date', width: 12 },
    distributorCode: { sql: distributors.code, label: 'Distributor code', width: 14 },
    distributorName: { sql: distributors.name, label: 'Distributor', width: 24 },
    gstin: { sql: distributors.gstin, label: 'GSTIN', width: 16 },
    state: { sql: distributors.state, label: 'State', width: 14 },
    city: { sql: distributors.city, label: 'City', width: 14 },
    sku: { sql: products.sku, label: 'SKU', width: 14 },
    quantity: { sql: invoiceLines.quantity, label: 'Quantity', format: 'int', width: 10 },
    allocated: { sql: invoiceLines.allocated, label: 'Allocated', format: 'int', width: 10 },
    uploadId: { sql: invoices.uploadId, label: 'Upload', format: 'int', width: 8 },
    createdAt: { sql: isoText(invoices.createdAt), label: 'Recorded', format: 'datetime', width: 20 },
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
    reportId: { sql: damagedReports.id, label: 'Report', format: 'int', width: 8 },
    createdAt: { sql: isoText(damagedReports.createdAt), label: 'Reported', format: 'datetime', width: 20 },
    serial: { sql: damagedReportItems.serial, label: 'Serial', format: 'int', width: 12 },
    code: { sql: coupons.code, label: 'Code', width: 14 },
    sku: { sql: products.sku, label: 'SKU', width: 14 },
    reason: { sql: damagedReports.reason, label: 'Reason', width: 12 },
    status: { sql: damagedReports.status, label: 'Status', width: 10 },
    reportedBy: { sql: staff.name, label: 'Reported by', width: 20 },
    decidedBy: { sql: decider.name, label: 'Decided by', width: 20 },
    decidedAt: {
      sql: sql`${isoText(damagedReports.decidedAt)}`,
      label: 'Decided',
      format: 'datetime',
      width: 20,
    },
    replacement: {
      sql: sql<
        number | null
      >`(select r.serial from coupons r where r.replaces_serial = ${damagedReportItems.serial} limit 1)`,
      label: 'Replacement serial',
      format: 'int',
      width: 14,
    },
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
  coupon_stock: reportOf(couponStock, 'createdAt'),
  coupon_allocations: reportOf(allocationList, 'createdAt'),
  invoices: reportOf(invoiceLinesReport, 'createdAt'),
  damaged_coupons: reportOf(damaged, 'createdAt'),
  scans: reportOf(scanList, 'createdAt'),
};
