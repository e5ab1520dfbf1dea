import type { ReportDefinition } from './report-definition';

/** The coupon domain's report types (PRODUCT.md 3.9), spread into the catalogue in reports.ts. */
export const COUPON_REPORTS = [
  {
    key: 'coupon_stock',
    label: 'Coupon stock',
    permission: '/dashboard/coupon-stock-report',
    dateField: 'Batch created',
  },
  {
    key: 'coupon_allocations',
    label: 'Coupon allocations',
    permission: '/dashboard/allocation-history',
    dateField: 'Allocated',
  },
  {
    key: 'invoices',
    label: 'Invoices',
    permission: '/dashboard/invoice',
    dateField: 'Invoice recorded',
  },
  {
    key: 'damaged_coupons',
    label: 'Damaged coupons',
    permission: '/dashboard/damaged-coupon',
    dateField: 'Reported',
  },
  {
    key: 'scans',
    label: 'QR scans',
    permission: '/dashboard/QrScanHistories',
    dateField: 'Scanned',
  },
] as const satisfies readonly ReportDefinition[];
