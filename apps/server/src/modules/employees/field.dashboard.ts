import { BDES_PAGE } from '@app/contract/employees';
import { BDA_ACTIVITY_PAGE } from '@app/contract/field';
import { todayInIndia } from '@app/contract/format';
import { eq, sql } from 'drizzle-orm';
import { bdes, employees, fieldOnboardings, fieldVisits } from '../../db/schema/employees';
import { cardBuilder, type DashboardProvider } from '../../lib/dashboard/provider';
import { countPerDay, countWhere, inRange } from '../../lib/dashboard/series';
import { IST_MONTH_START } from './bdes.repository';

const card = cardBuilder({ group: 'Field force', unit: 'count' });

/** Visits today and in range, flagged visits, and this month's onboarding against the BDEs' targets. */
export const fieldCards: DashboardProvider = {
  pages: [BDA_ACTIVITY_PAGE, BDES_PAGE],
  async cards(db, range) {
    const today = todayInIndia();
    const [v] = await db
      .select({
        today: countWhere(sql`${fieldVisits.checkInAt} >= (${today}::timestamp at time zone 'Asia/Kolkata')`),
        inRange: countWhere(inRange(fieldVisits.checkInAt, range)),
        flagged: countWhere(
          sql`${inRange(fieldVisits.checkInAt, range)} and cardinality(${fieldVisits.flagReasons}) > 0`,
        ),
      })
      .from(fieldVisits);
    const [o] = await db
      .select({ n: countWhere(sql`${fieldOnboardings.createdAt} >= ${IST_MONTH_START}`) })
      .from(fieldOnboardings);
    const [t] = await db
      .select({ target: sql<number>`coalesce(sum(${bdes.monthlyTarget}), 0)`.mapWith(Number) })
      .from(bdes)
      .innerJoin(employees, eq(employees.id, bdes.employeeId))
      .where(sql`${bdes.active} and ${employees.status} = 'active'`);
    return [
      card({
        key: 'field.visits_today',
        label: 'Visits today',
        value: v?.today ?? 0,
        page: BDA_ACTIVITY_PAGE,
        filter: { from: today, to: today },
      }),
      card({
        key: 'field.visits',
        label: 'Visits in range',
        value: v?.inRange ?? 0,
        page: BDA_ACTIVITY_PAGE,
        filter: { from: range.from, to: range.to },
      }),
      card({
        key: 'field.flagged',
        label: 'Flagged visits in range',
        value: v?.flagged ?? 0,
        page: BDA_ACTIVITY_PAGE,
        filter: { from: range.from, to: range.to, flagged: true },
      }),
      card({
        key: 'field.onboarded_month',
        label: 'Members onboarded this month',
        value: o?.n ?? 0,
        target: t?.target ?? 0,
        page: BDES_PAGE,
      }),
    ];
  },
  async series(db, range) {
    return [
      {
        key: 'field.visits',
        label: 'Field visits',
        page: BDA_ACTIVITY_PAGE,
        points: await countPerDay(db, range, {
          table: fieldVisits,
          id: fieldVisits.id,
          at: fieldVisits.checkInAt,
        }),
      },
    ];
  },
};
