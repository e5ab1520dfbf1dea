import type { DashboardCard } from '@app/contract/dashboard';
import { and, gte, lt, sql } from 'drizzle-orm';
import { signInEvents, staff } from '../../db/schema/staff';
import type { DashboardProvider } from '../dashboard/dashboard.provider';
import { countPerDay } from '../dashboard/dashboard.series';

const PAGE = '/dashboard/manageadmin';
const counted = (condition: ReturnType<typeof sql>) =>
  sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** Staff accounts and sign-ins: the holders of Manage Admin see them. */
export const staffCards: DashboardProvider = {
  pages: [PAGE],
  async cards(db, range) {
    const [accounts] = await db
      .select({
        active: counted(sql`${staff.active}`),
        inactive: counted(sql`not ${staff.active}`),
        locked: counted(sql`${staff.lockedUntil} > now()`),
      })
      .from(staff);
    const [signIns] = await db
      .select({
        succeeded: counted(sql`${signInEvents.outcome} = 'success'`),
        failed: counted(sql`${signInEvents.outcome} <> 'success'`),
      })
      .from(signInEvents)
      .where(
        and(
          gte(signInEvents.at, sql`${range.start}::timestamptz`),
          lt(signInEvents.at, sql`${range.end}::timestamptz`),
        ),
      );
    const card = (
      key: string,
      label: string,
      value: number,
      filter?: Record<string, unknown>,
    ): DashboardCard => ({
      key,
      label,
      value,
      unit: 'count',
      page: PAGE,
      group: 'Staff',
      ...(filter ? { filter } : {}),
    });
    return [
      card('staff.active', 'Active staff accounts', accounts?.active ?? 0, { active: true }),
      card('staff.inactive', 'Inactive staff accounts', accounts?.inactive ?? 0, { active: false }),
      card('staff.locked', 'Locked accounts', accounts?.locked ?? 0, { locked: true }),
      card('staff.signIns', 'Sign-ins in range', signIns?.succeeded ?? 0),
      card('staff.failedSignIns', 'Failed sign-ins in range', signIns?.failed ?? 0),
    ];
  },
  async series(db, range) {
    const points = await countPerDay(db, range, {
      table: signInEvents,
      id: signInEvents.id,
      at: signInEvents.at,
      where: sql`${signInEvents.outcome} = 'success'`,
    });
    return [{ key: 'staff.signInsPerDay', label: 'Sign-ins per day', page: PAGE, points }];
  },
};
