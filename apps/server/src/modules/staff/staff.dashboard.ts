import type { DashboardCard } from '@app/contract/dashboard';
import { and, gte, lt, sql } from 'drizzle-orm';
import { signInEvents, staff } from '../../db/schema/staff';
import type { DashboardProvider } from '../dashboard/dashboard.cards';

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
    const result = await db.execute(sql`
      select to_char(d, 'YYYY-MM-DD') as date, count(e.id)::int as value
      from generate_series(${range.from}::timestamp, ${range.to}::timestamp, interval '1 day') as d
      left join ${signInEvents} e
        on e.outcome = 'success'
       and e.at >= (d at time zone 'Asia/Kolkata')
       and e.at < ((d + interval '1 day') at time zone 'Asia/Kolkata')
      group by d
      order by d`);
    const points = (result.rows as { date: string; value: number }[]).map((r) => ({
      date: r.date,
      value: Number(r.value),
    }));
    return [{ key: 'staff.signInsPerDay', label: 'Sign-ins per day', page: PAGE, points }];
  },
};
