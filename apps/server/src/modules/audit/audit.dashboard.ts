import { and, count, gte, lt, sql } from 'drizzle-orm';
import { auditLog } from '../../db/schema/audit';
import type { DashboardProvider } from '../../lib/dashboard/provider';

/** Audit events in the range, linking to the audit log browser under Manage Admin. */
export const auditCards: DashboardProvider = {
  pages: ['/dashboard/manageadmin'],
  async cards(db, range) {
    const [row] = await db
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(
          gte(auditLog.at, sql`${range.start}::timestamptz`),
          lt(auditLog.at, sql`${range.end}::timestamptz`),
        ),
      );
    return [
      {
        key: 'audit.events',
        label: 'Audit events in range',
        value: Number(row?.n ?? 0),
        unit: 'count',
        page: '/dashboard/manageadmin',
        link: '/dashboard/manageadmin/audit',
        filter: { from: range.start, to: range.end },
        group: 'Staff',
      },
    ];
  },
};
