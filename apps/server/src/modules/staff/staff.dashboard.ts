import { SIGN_IN_FAILURES } from '@app/contract/staff';
import { and, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { signInEvents, staff } from '../../db/schema/staff';
import { cardBuilder, type DashboardProvider } from '../../lib/dashboard/provider';
import { countPerDay } from '../../lib/dashboard/series';

const PAGE = '/dashboard/manageadmin';
/** Manage Admin → Sign-in activity, where the sign-in cards lead. */
const SIGN_INS = `${PAGE}/sign-ins`;
const card = cardBuilder({ group: 'Staff', page: PAGE, unit: 'count' });
const counted = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

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
        failed: counted(inArray(signInEvents.outcome, [...SIGN_IN_FAILURES])),
      })
      .from(signInEvents)
      .where(
        and(
          gte(signInEvents.at, sql`${range.start}::timestamptz`),
          lt(signInEvents.at, sql`${range.end}::timestamptz`),
        ),
      );
    return [
      card({
        key: 'staff.active',
        label: 'Active staff accounts',
        value: accounts?.active ?? 0,
        filter: { active: true },
      }),
      card({
        key: 'staff.inactive',
        label: 'Inactive staff accounts',
        value: accounts?.inactive ?? 0,
        filter: { active: false },
      }),
      card({
        key: 'staff.locked',
        label: 'Locked accounts',
        value: accounts?.locked ?? 0,
        filter: { locked: true },
      }),
      card({
        key: 'staff.signIns',
        label: 'Sign-ins in range',
        value: signIns?.succeeded ?? 0,
        link: SIGN_INS,
        filter: { succeeded: true, from: range.start, to: range.end },
      }),
      card({
        key: 'staff.failedSignIns',
        label: 'Failed sign-ins in range',
        value: signIns?.failed ?? 0,
        link: SIGN_INS,
        filter: { succeeded: false, from: range.start, to: range.end },
      }),
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
