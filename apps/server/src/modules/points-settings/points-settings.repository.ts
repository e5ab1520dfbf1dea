import {
  DEFAULT_PAISE_PER_POINT,
  type JoiningSettingRow,
  type PendingScanSettingRow,
  type PointValueSettingRow,
  type ReferralSettingRow,
} from '@app/contract/points-settings';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pointsLedger } from '../../db/schema/ledger';
import {
  joiningSettings,
  pendingScanSettings,
  pointValueSettings,
  referralSettings,
} from '../../db/schema/points-settings';
import { staff } from '../../db/schema/staff';
import type { DashboardRange } from '../../lib/dashboard/provider';
import { countWhere, inRange } from '../../lib/dashboard/series';
import { isoText } from '../../lib/lists/sql';

/** The joining setting in force for a member type now (latest effective-from not after now). */
export async function joiningInForce(tx: Executor, memberType: string) {
  const [row] = await tx
    .select({ id: joiningSettings.id, points: joiningSettings.points })
    .from(joiningSettings)
    .where(and(eq(joiningSettings.memberType, memberType), lte(joiningSettings.effectiveFrom, sql`now()`)))
    .orderBy(desc(joiningSettings.effectiveFrom), desc(joiningSettings.id))
    .limit(1);
  return row;
}

export async function referralInForce(tx: Executor) {
  const [row] = await tx
    .select()
    .from(referralSettings)
    .where(lte(referralSettings.effectiveFrom, sql`now()`))
    .orderBy(desc(referralSettings.effectiveFrom), desc(referralSettings.id))
    .limit(1);
  return row;
}

const meta = <
  T extends
    | typeof joiningSettings
    | typeof referralSettings
    | typeof pointValueSettings
    | typeof pendingScanSettings,
>(
  t: T,
) => ({
  id: t.id,
  effectiveFrom: isoText(t.effectiveFrom),
  createdBy: t.createdBy,
  createdByName: staff.name,
  createdAt: isoText(t.createdAt),
});

/** Every joining setting, newest effective-from first, flagging the ones in force. */
export async function joiningHistory(tx: Executor): Promise<JoiningSettingRow[]> {
  const rows = await tx
    .select({
      ...meta(joiningSettings),
      memberType: joiningSettings.memberType,
      points: joiningSettings.points,
    })
    .from(joiningSettings)
    .leftJoin(staff, eq(staff.id, joiningSettings.createdBy))
    .orderBy(desc(joiningSettings.effectiveFrom), desc(joiningSettings.id));
  const inForce = new Set<number>();
  for (const type of new Set(rows.map((r) => r.memberType))) {
    const current = await joiningInForce(tx, type);
    if (current) inForce.add(current.id);
  }
  return rows.map((r) => ({
    ...r,
    memberType: r.memberType as JoiningSettingRow['memberType'],
    current: inForce.has(r.id),
  }));
}

export async function referralHistory(tx: Executor): Promise<ReferralSettingRow[]> {
  const current = await referralInForce(tx);
  const rows = await tx
    .select({
      ...meta(referralSettings),
      referrerPoints: referralSettings.referrerPoints,
      refereePoints: referralSettings.refereePoints,
      trigger: referralSettings.trigger,
    })
    .from(referralSettings)
    .leftJoin(staff, eq(staff.id, referralSettings.createdBy))
    .orderBy(desc(referralSettings.effectiveFrom), desc(referralSettings.id));
  return rows.map((r) => ({
    ...r,
    trigger: r.trigger as ReferralSettingRow['trigger'],
    current: r.id === current?.id,
  }));
}

async function pointValueRowInForce(tx: Executor) {
  const [row] = await tx
    .select({ id: pointValueSettings.id, paisePerPoint: pointValueSettings.paisePerPoint })
    .from(pointValueSettings)
    .where(lte(pointValueSettings.effectiveFrom, sql`now()`))
    .orderBy(desc(pointValueSettings.effectiveFrom), desc(pointValueSettings.id))
    .limit(1);
  return row;
}

/** The value of a point in paise now: the setting in force, else the programme default. */
export async function paisePerPoint(tx: Executor): Promise<number> {
  return (await pointValueRowInForce(tx))?.paisePerPoint ?? DEFAULT_PAISE_PER_POINT;
}

export async function pointValueHistory(tx: Executor): Promise<PointValueSettingRow[]> {
  const current = await pointValueRowInForce(tx);
  const rows = await tx
    .select({ ...meta(pointValueSettings), paisePerPoint: pointValueSettings.paisePerPoint })
    .from(pointValueSettings)
    .leftJoin(staff, eq(staff.id, pointValueSettings.createdBy))
    .orderBy(desc(pointValueSettings.effectiveFrom), desc(pointValueSettings.id));
  return rows.map((r) => ({ ...r, current: r.id === current?.id }));
}

/** Scans while pending: every setting, newest effective-from first, the one in force flagged. */
export async function pendingScanHistory(tx: Executor): Promise<PendingScanSettingRow[]> {
  const [current] = await tx
    .select({ id: pendingScanSettings.id })
    .from(pendingScanSettings)
    .where(lte(pendingScanSettings.effectiveFrom, sql`now()`))
    .orderBy(desc(pendingScanSettings.effectiveFrom), desc(pendingScanSettings.id))
    .limit(1);
  const rows = await tx
    .select({ ...meta(pendingScanSettings), mode: pendingScanSettings.mode })
    .from(pendingScanSettings)
    .leftJoin(staff, eq(staff.id, pendingScanSettings.createdBy))
    .orderBy(desc(pendingScanSettings.effectiveFrom), desc(pendingScanSettings.id));
  return rows.map((r) => ({
    ...r,
    mode: r.mode as PendingScanSettingRow['mode'],
    current: r.id === current?.id,
  }));
}

/**
 * The joining and referral credits posted in a dashboard range, each as entries and points (a referral
 * pays the referrer and the new member: two entries of one referral).
 */
export async function creditsInRange(tx: Executor, range: DashboardRange) {
  const points = (kind: 'joining' | 'referral') =>
    sql<number>`coalesce(sum(${pointsLedger.amount}) filter (where ${pointsLedger.kind} = ${kind}), 0)`.mapWith(
      Number,
    );
  const [row] = await tx
    .select({
      joiningCredits: countWhere(sql`${pointsLedger.kind} = 'joining'`),
      joiningPoints: points('joining'),
      referralCredits: countWhere(sql`${pointsLedger.kind} = 'referral'`),
      referralPoints: points('referral'),
    })
    .from(pointsLedger)
    .where(
      sql`${pointsLedger.kind} in ('joining', 'referral') and ${inRange(pointsLedger.createdAt, range)}`,
    );
  return {
    joiningCredits: row?.joiningCredits ?? 0,
    joiningPoints: row?.joiningPoints ?? 0,
    referralCredits: row?.referralCredits ?? 0,
    referralPoints: row?.referralPoints ?? 0,
  };
}
