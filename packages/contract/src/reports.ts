import { z } from 'zod';
import { CHANNEL_REPORTS } from './channel';
import { COUPON_REPORTS } from './coupon-reports';
import { COURIER_REPORTS } from './courier-redemptions';
import { endpoint } from './endpoint';
import { listEndpoints } from './endpoint-kits';
import { FIELD_REPORTS } from './field-reports';
import { GAME_REPORTS } from './games';
import { GIFT_VOUCHER_REPORTS } from './gift-vouchers';
import { idParams } from './input';
import { NOTIFICATION_REPORTS } from './notification-reports';
import { PROJECT_REPORTS } from './project-reports';
import { REDEMPTION_REPORTS } from './redemption-reports';
import type { ReportDefinition } from './report-definition';

export type { ReportColumn, ReportDefinition } from './report-definition';

/**
 * The report catalogue (PRODUCT.md §2 "Reports"). Every report type is one entry here: its key (the
 * `reportType` of the shell spec's request and the file name `<key>.xlsx`), its label, the page
 * permission a role needs to run it and the date its range filters on. The server pairs each key with
 * one source, contributed by the module that owns the rows; the type system refuses an entry without
 * a source. A report built on a list takes the list's columns (`reportOf`); only a source that
 * computes its own rows names `columns` here.
 */

/** The Download Report page: its permission guards every report endpoint. */
export const REPORT_PAGE = '/dashboard/reports/reports_download';
/** Office Open XML spreadsheet (shell spec §9). */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Background reports are kept this long, then neither listed nor downloadable. */
export const REPORT_RETENTION_DAYS = 7;

export const REPORTS = [
  {
    key: 'staff',
    label: 'Staff accounts',
    permission: '/dashboard/manageadmin',
    dateField: 'Account created',
  },
  {
    key: 'audit_log',
    label: 'Audit log',
    permission: '/dashboard/manageadmin',
    dateField: 'Time of the change',
  },
  {
    key: 'sign_in_activity',
    label: 'Sign-in activity',
    permission: '/dashboard/manageadmin',
    dateField: 'Time of the attempt',
  },
  {
    key: 'members',
    label: 'Members',
    permission: '/dashboard/users',
    dateField: 'Registration date',
  },
  {
    key: 'kyc_decisions',
    label: 'KYC decisions',
    permission: '/dashboard/approvals/kyc_history',
    dateField: 'Decision time',
  },
  {
    key: 'points_ledger',
    label: 'Points ledger',
    permission: '/dashboard/QrPointHistories',
    dateField: 'Entry time',
  },
  {
    key: 'tiers',
    label: 'Tiers (members by tier: each tier reached, and the tier now)',
    permission: '/dashboard/scheme',
    dateField: 'Tier from',
  },
  {
    key: 'points_expiry',
    label: 'Points expiry (earned lots by expiry date)',
    permission: '/dashboard/scheme',
    dateField: 'Expiry time',
  },
  {
    key: 'fraud_decisions',
    label: 'Fraud decisions (flagged, held and refused scans, KYC matches)',
    permission: '/dashboard/QrScanHistories',
    dateField: 'Time of the scan or the KYC approval',
    columns: [
      { header: 'Time', key: 'at', width: 20 },
      { header: 'Kind', key: 'kind', width: 14 },
      { header: 'Rule met', key: 'rule', width: 30 },
      { header: 'Member code', key: 'memberCode', width: 12 },
      { header: 'Member', key: 'memberName', width: 24 },
      { header: 'Code or submission', key: 'subject', width: 16 },
      { header: 'Points', key: 'points', width: 10 },
      { header: 'Outcome', key: 'outcome', width: 18 },
      { header: 'Decided by', key: 'decidedBy', width: 20 },
      { header: 'Decided', key: 'decidedAt', width: 20 },
      { header: 'Reason', key: 'reason', width: 30 },
      { header: 'Other member', key: 'otherMember', width: 24 },
    ],
  },
  ...COUPON_REPORTS,
  ...GIFT_VOUCHER_REPORTS,
  ...COURIER_REPORTS,
  ...REDEMPTION_REPORTS,
  ...CHANNEL_REPORTS,
  ...PROJECT_REPORTS,
  ...GAME_REPORTS,
  ...FIELD_REPORTS,
  {
    key: 'stores',
    label: 'Stores (Locator)',
    permission: '/dashboard/locator',
    dateField: 'Store added',
  },
  ...NOTIFICATION_REPORTS,
  {
    key: 'event_attendees',
    label: 'Event attendees',
    permission: '/dashboard/media/event',
    dateField: 'Registration time',
  },
] as const satisfies readonly ReportDefinition[];

export type ReportKey = (typeof REPORTS)[number]['key'];
export const REPORT_KEYS = REPORTS.map((r) => r.key) as [ReportKey, ...ReportKey[]];

export const reportDefinition = (key: string): ReportDefinition | undefined =>
  REPORTS.find((r) => r.key === key);

/** The report types a holder of these permissions may run. */
export const reportsAllowed = (permissions: ReadonlySet<string>): ReportDefinition[] =>
  REPORTS.filter((r) => permissions.has(r.permission));

/** Field messages of the report request, shared by the form and the server. */
export const REPORT_MESSAGES = {
  typeRequired: 'Report type is required',
  typeUnknown: 'Unknown report type',
  startRequired: 'Start date is required',
  endRequired: 'End date is required',
  badDate: 'Enter a valid date (YYYY-MM-DD)',
  endBeforeStart: 'End date must be on or after the start date',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isoDate = (required: string) =>
  z.iso.date({ error: (issue) => (issue.input ? REPORT_MESSAGES.badDate : required) });

/** Body of POST {api}/admin/downloadReports. Dates are calendar days in Asia/Kolkata, both inclusive. */
export const downloadReportBody = z
  .object({
    reportType: z.enum(REPORT_KEYS, {
      error: (issue) => (issue.input ? REPORT_MESSAGES.typeUnknown : REPORT_MESSAGES.typeRequired),
    }),
    startDate: isoDate(REPORT_MESSAGES.startRequired),
    endDate: isoDate(REPORT_MESSAGES.endRequired),
    /** Use 2 of the shell spec: queue the report and answer 202 instead of streaming the file. */
    background: z.boolean().default(false),
  })
  // Compared only when both are dates: a missing or malformed one already has its own message.
  .refine((b) => !(DAY.test(b.startDate) && DAY.test(b.endDate)) || b.startDate <= b.endDate, {
    message: REPORT_MESSAGES.endBeforeStart,
    path: ['endDate'],
  });
export type DownloadReportBody = z.infer<typeof downloadReportBody>;
export type DownloadReportInput = z.input<typeof downloadReportBody>;

export const reportTypeOption = z.object({ key: z.string(), label: z.string(), dateField: z.string() });
export type ReportTypeOption = z.infer<typeof reportTypeOption>;

export const REPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** A background report as the "Generated reports" list shows it. */
export const generatedReport = z.object({
  id: z.number().int(),
  type: z.string(),
  label: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  requestedBy: z.number().int(),
  requestedByName: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  done: z.number().int(),
  total: z.number().int().nullable(),
  rows: z.number().int().nullable(),
  size: z.number().int().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type GeneratedReport = z.infer<typeof generatedReport>;

export const reportQueued = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  status: z.literal('queued'),
});
export type ReportQueued = z.infer<typeof reportQueued>;

// ─── Endpoints (declared once; the server registers them, the web calls them) ─────────────────────────

const tags = ['reports'] as const;
const access = { page: REPORT_PAGE } as const;

/**
 * Download Report: the types my role may run, a run (the xlsx, or queued in the background), the
 * generated reports and their files. Each report type also needs its own page (checked by the server).
 */
export const reportsEndpoints = {
  types: endpoint({
    method: 'GET',
    path: '/admin/reports/types',
    access,
    tags,
    summary: 'The report types my role may run',
    response: z.array(reportTypeOption),
  }),
  /**
   * The xlsx streamed (200, `<reportType>.xlsx`), or with `background: true` queued (202, `reportQueued`,
   * the report then shows in the generated reports). Dates are IST calendar days, both inclusive.
   */
  download: endpoint({
    method: 'POST',
    path: '/admin/downloadReports',
    access,
    tags,
    summary: 'Run a report: the xlsx streamed (200), or with `background: true` queued (202)',
    body: downloadReportBody,
    file: true,
  }),
  generated: listEndpoints('/admin/reports', {
    access,
    row: generatedReport,
    tags,
    summary: 'Generated reports: my own, or everyone’s for holders of User Roles; expired ones left out',
  }),
  file: endpoint({
    method: 'GET',
    path: '/admin/reports/:id/file',
    access,
    tags,
    summary: 'Download a generated report',
    params: idParams,
    file: true,
  }),
};
