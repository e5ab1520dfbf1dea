import { z } from 'zod';
import { endpoint } from './endpoint';
import { text } from './input';

/**
 * Dashboard (`/dashboard`): KPI cards and daily series over a date range. Dates are calendar days in
 * Asia/Kolkata, both ends included. Each card and series names the page it belongs to: the server
 * returns only those whose page the caller holds, and the web links each to its page.
 */

export const DASHBOARD_MAX_DAYS = 366;
const isoDate = text(10).regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD');

export const dashboardQuery = z
  .object({ from: isoDate.optional(), to: isoDate.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'Start must not be after end',
    path: ['from'],
  });
export type DashboardQuery = z.infer<typeof dashboardQuery>;

export const dashboardCard = z.object({
  /** Stable id, e.g. `staff.active`. */
  key: z.string(),
  label: z.string(),
  value: z.number(),
  /** How to show the value: a plain count, rupees held as paise, or points. */
  unit: z.enum(['count', 'paise', 'points']),
  /** A goal the value is measured against (this month's onboarding target), shown as "of N". */
  target: z.number().optional(),
  /** The page the card summarises (its permission) and the list filter its link applies. */
  page: z.string(),
  filter: z.record(z.string(), z.unknown()).optional(),
  /** Where the card links when that is a view inside the page, e.g. `/dashboard/manageadmin/audit`. */
  link: z.string().optional(),
  /** Cards of one area share a group heading, e.g. "Staff". */
  group: z.string(),
});
export type DashboardCard = z.infer<typeof dashboardCard>;

export const dashboardSeries = z.object({
  key: z.string(),
  label: z.string(),
  page: z.string(),
  /** Series with the same chart id are drawn in one chart, e.g. points issued vs redeemed. */
  chart: z.string().optional(),
  /** One point per day of the range, zero-filled. */
  points: z.array(z.object({ date: z.string(), value: z.number() })),
});
export type DashboardSeries = z.infer<typeof dashboardSeries>;

export const dashboardResponse = z.object({
  from: z.string(),
  to: z.string(),
  cards: z.array(dashboardCard),
  series: z.array(dashboardSeries),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;

/** Dashboard: one endpoint, the caller's cards and series (the server keeps those of the pages held). */
export const dashboardEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/admin/dashboard',
    access: { page: '/dashboard' },
    tags: ['dashboard'],
    summary: 'KPI cards and daily series of the caller’s areas over a date range (IST days)',
    query: dashboardQuery,
    response: dashboardResponse,
  }),
};
