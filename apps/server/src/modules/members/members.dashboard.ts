import type { LedgerMovement } from '@app/contract/ledger';
import { sql } from 'drizzle-orm';
import { kycSubmissions } from '../../db/schema/kyc';
import { pointsLedger } from '../../db/schema/ledger';
import { members } from '../../db/schema/members';
import { cardBuilder, type DashboardProvider } from '../../lib/dashboard/provider';
import { countPerDay, countWhere, inRange, sumPerDay } from '../../lib/dashboard/series';
import { MOVEMENT } from '../ledger';
import { paisePerPoint } from '../points-settings';

const USERS = '/dashboard/users';
const PENDING = '/dashboard/approvals/pending_user';
const KYC = '/dashboard/approvals/kyc_verification';
const POINTS = '/dashboard/QrPointHistories';

const memberCard = cardBuilder({ group: 'Members' });
const pointsCard = cardBuilder({ group: 'Points' });

/** Members by status, pending work, and points issued, redeemed and outstanding. */
export const memberCards: DashboardProvider = {
  pages: [USERS, PENDING, KYC, POINTS],
  async cards(db, range) {
    const [m] = await db
      .select({
        pending: countWhere(sql`${members.status} = 'pending'`),
        approved: countWhere(sql`${members.status} = 'approved'`),
        rejected: countWhere(sql`${members.status} = 'rejected'`),
        blocked: countWhere(sql`${members.status} = 'blocked'`),
        registered: countWhere(inRange(members.createdAt, range)),
        outstanding: sql<number>`coalesce(sum(${members.balance}), 0)`.mapWith(Number),
      })
      .from(members);
    const [k] = await db
      .select({ waiting: countWhere(sql`${kycSubmissions.status} = 'submitted'`) })
      .from(kycSubmissions);
    // The ledger by movement (MOVEMENT, shared with the ledger list's filter the cards link to): over
    // the whole history, issued − redeemed + adjusted = the points outstanding (the sum of balances).
    const sumOf = (movement: LedgerMovement) =>
      sql<number>`coalesce(sum(${pointsLedger.amount}) filter (where ${MOVEMENT[movement]}), 0)`.mapWith(
        Number,
      );
    const [p] = await db
      .select({ issued: sumOf('earned'), held: sumOf('redeemed'), adjusted: sumOf('adjusted') })
      .from(pointsLedger)
      .where(inRange(pointsLedger.createdAt, range));
    const liability = (m?.outstanding ?? 0) * (await paisePerPoint(db));
    const members_ = (key: string, label: string, value: number, filter: Record<string, unknown>) =>
      memberCard({ key, label, value, unit: 'count', page: USERS, filter });
    return [
      members_('members.approved', 'Approved members', m?.approved ?? 0, { status: 'approved' }),
      members_('members.blocked', 'Blocked members', m?.blocked ?? 0, { status: 'blocked' }),
      members_('members.rejected', 'Rejected members', m?.rejected ?? 0, { status: 'rejected' }),
      members_('members.registered', 'Registrations in range', m?.registered ?? 0, {
        registeredFrom: range.from,
        registeredTo: range.to,
      }),
      memberCard({
        key: 'members.pending',
        label: 'Pending registrations',
        value: m?.pending ?? 0,
        unit: 'count',
        page: PENDING,
      }),
      memberCard({
        key: 'kyc.waiting',
        label: 'KYC awaiting review',
        value: k?.waiting ?? 0,
        unit: 'count',
        page: KYC,
      }),
      pointsCard({
        key: 'points.issued',
        label: 'Points issued in range',
        value: p?.issued ?? 0,
        unit: 'points',
        page: POINTS,
        filter: { movement: 'earned', from: range.from, to: range.to },
      }),
      pointsCard({
        key: 'points.redeemed',
        label: 'Points redeemed in range',
        value: -(p?.held ?? 0),
        unit: 'points',
        page: POINTS,
        filter: { movement: 'redeemed', from: range.from, to: range.to },
      }),
      pointsCard({
        key: 'points.adjusted',
        label: 'Points adjusted or expired in range (net)',
        value: p?.adjusted ?? 0,
        unit: 'points',
        page: POINTS,
        filter: { movement: 'adjusted', from: range.from, to: range.to },
      }),
      pointsCard({
        key: 'points.outstanding',
        label: 'Points outstanding',
        value: m?.outstanding ?? 0,
        unit: 'points',
        page: POINTS,
      }),
      pointsCard({
        key: 'points.liability',
        label: 'Liability of outstanding points',
        value: liability,
        unit: 'paise',
        page: POINTS,
      }),
      // The same two figures for those who read members but not the ledger (finance): they open All
      // Users, where the balances are. A holder of both gets the ledger's (the dashboard keeps the first).
      pointsCard({
        key: 'points.outstanding',
        label: 'Points outstanding',
        value: m?.outstanding ?? 0,
        unit: 'points',
        page: USERS,
      }),
      pointsCard({
        key: 'points.liability',
        label: 'Liability of outstanding points',
        value: liability,
        unit: 'paise',
        page: USERS,
      }),
    ];
  },
  async series(db, range) {
    const points = await countPerDay(db, range, { table: members, id: members.id, at: members.createdAt });
    // Issued and redeemed: the same movements as the cards.
    const perDay = (movement: LedgerMovement, sign: 1 | -1) =>
      sumPerDay(db, range, {
        table: pointsLedger,
        at: pointsLedger.createdAt,
        value: sign === 1 ? sql`${pointsLedger.amount}` : sql`-${pointsLedger.amount}`,
        where: MOVEMENT[movement],
      });
    const issued = await perDay('earned', 1);
    const redeemed = await perDay('redeemed', -1);
    return [
      { key: 'members.registrationsPerDay', label: 'Registrations per day', page: USERS, points },
      { key: 'points.issuedPerDay', label: 'Points issued', page: POINTS, chart: 'points', points: issued },
      {
        key: 'points.redeemedPerDay',
        label: 'Points redeemed',
        page: POINTS,
        chart: 'points',
        points: redeemed,
      },
    ];
  },
};
