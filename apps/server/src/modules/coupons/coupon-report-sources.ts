import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { couponAllocations } from '../../db/schema/coupon-allocations';
import { couponScans } from '../../db/schema/coupon-scans';
import { couponBatches, coupons } from '../../db/schema/coupons';
import { damagedReportItems, damagedReports } from '../../db/schema/damaged-coupons';
import { distributors, invoiceLines, invoices } from '../../db/schema/invoices';
import { members } from '../../db/schema/members';
import { products } from '../../db/schema/products';
import { staff } from '../../db/schema/staff';
import { countColumn, istText, keysetSource, type ReportSource } from '../reports/report-source';

const stored = (status: string) =>
  sql<number>`coalesce((select sum(n) from coupon_counts where batch_id = ${couponBatches.id} and status = ${status}::coupon_status), 0)`;

/** Batches created in the range with their stock by state and the liability of active codes. */
const couponStock = keysetSource({
  date: couponBatches.createdAt,
  id: couponBatches.id,
  select: (db, cursor) =>
    db
      .select({
        batchId: couponBatches.id,
        sku: products.sku,
        productName: products.name,
        firstSerial: couponBatches.firstSerial,
        lastSerial: couponBatches.lastSerial,
        quantity: couponBatches.quantity,
        expiresOn: couponBatches.expiresOn,
        status: couponBatches.status,
        generated: stored('generated'),
        printed: stored('printed'),
        active: stored('active'),
        scanned: stored('scanned'),
        damaged: stored('damaged'),
        liability: sql<number>`${stored('active')} * ${products.basePoints}`,
        createdAt: istText(couponBatches.createdAt),
        ...cursor,
      })
      .from(couponBatches)
      .innerJoin(products, eq(products.id, couponBatches.productId))
      .$dynamic(),
  count: (db) => db.select(countColumn()).from(couponBatches).$dynamic(),
});

const allocations = keysetSource({
  date: couponAllocations.createdAt,
  id: couponAllocations.id,
  select: (db, cursor) =>
    db
      .select({
        id: couponAllocations.id,
        createdAt: istText(couponAllocations.createdAt),
        invoiceNumber: invoices.number,
        distributorCode: distributors.code,
        distributorName: distributors.name,
        sku: products.sku,
        mode: couponAllocations.mode,
        fromSerial: couponAllocations.fromSerial,
        toSerial: couponAllocations.toSerial,
        quantity: couponAllocations.quantity,
        status: couponAllocations.status,
        returned: couponAllocations.returned,
        undoReason: couponAllocations.undoReason,
        createdByName: staff.name,
        ...cursor,
      })
      .from(couponAllocations)
      .innerJoin(invoiceLines, eq(invoiceLines.id, couponAllocations.invoiceLineId))
      .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
      .innerJoin(distributors, eq(distributors.id, invoices.distributorId))
      .innerJoin(products, eq(products.id, invoiceLines.productId))
      .leftJoin(staff, eq(staff.id, couponAllocations.createdBy))
      .$dynamic(),
  count: (db) => db.select(countColumn()).from(couponAllocations).$dynamic(),
});

/** One row per invoice line of the invoices recorded in the range. */
const invoiceLinesReport = keysetSource({
  date: invoices.createdAt,
  id: invoiceLines.id,
  select: (db, cursor) =>
    db
      .select({
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
        createdAt: istText(invoices.createdAt),
        ...cursor,
      })
      .from(invoiceLines)
      .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
      .innerJoin(distributors, eq(distributors.id, invoices.distributorId))
      .innerJoin(products, eq(products.id, invoiceLines.productId))
      .$dynamic(),
  count: (db) =>
    db
      .select(countColumn())
      .from(invoiceLines)
      .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
      .$dynamic(),
});

const decider = alias(staff, 'decider');
/** One row per reported coupon (the serial breaks ties within a report). */
const damaged = keysetSource({
  date: damagedReports.createdAt,
  id: damagedReportItems.serial,
  select: (db, cursor) =>
    db
      .select({
        reportId: damagedReports.id,
        createdAt: istText(damagedReports.createdAt),
        serial: damagedReportItems.serial,
        code: coupons.code,
        sku: products.sku,
        reason: damagedReports.reason,
        status: damagedReports.status,
        reportedBy: staff.name,
        decidedBy: decider.name,
        decidedAt: istText(damagedReports.decidedAt),
        replacement: sql<
          number | null
        >`(select r.serial from coupons r where r.replaces_serial = ${damagedReportItems.serial} limit 1)`,
        ...cursor,
      })
      .from(damagedReportItems)
      .innerJoin(damagedReports, eq(damagedReports.id, damagedReportItems.reportId))
      .leftJoin(coupons, eq(coupons.serial, damagedReportItems.serial))
      .leftJoin(couponBatches, eq(couponBatches.id, coupons.batchId))
      .leftJoin(products, eq(products.id, couponBatches.productId))
      .leftJoin(staff, eq(staff.id, damagedReports.reportedBy))
      .leftJoin(decider, eq(decider.id, damagedReports.decidedBy))
      .$dynamic(),
  count: (db) =>
    db
      .select(countColumn())
      .from(damagedReportItems)
      .innerJoin(damagedReports, eq(damagedReports.id, damagedReportItems.reportId))
      .$dynamic(),
});

const scans = keysetSource({
  date: couponScans.createdAt,
  id: couponScans.id,
  select: (db, cursor) =>
    db
      .select({
        createdAt: istText(couponScans.createdAt),
        memberCode: members.code,
        memberName: members.name,
        code: couponScans.code,
        serial: couponScans.couponSerial,
        sku: products.sku,
        distributorName: distributors.name,
        result: couponScans.result,
        points: couponScans.points,
        flags: sql<string>`array_to_string(${couponScans.flags}, ', ')`,
        state: couponScans.state,
        ...cursor,
      })
      .from(couponScans)
      .leftJoin(members, eq(members.id, couponScans.memberId))
      .leftJoin(products, eq(products.id, couponScans.productId))
      .leftJoin(distributors, eq(distributors.id, couponScans.distributorId))
      .$dynamic(),
  count: (db) => db.select(countColumn()).from(couponScans).$dynamic(),
});

/** The coupon domain's report sources, keyed as contract/coupon-reports.ts. */
export const COUPON_REPORT_SOURCES: Record<
  'coupon_stock' | 'coupon_allocations' | 'invoices' | 'damaged_coupons' | 'scans',
  ReportSource
> = {
  coupon_stock: couponStock,
  coupon_allocations: allocations,
  invoices: invoiceLinesReport,
  damaged_coupons: damaged,
  scans,
};
