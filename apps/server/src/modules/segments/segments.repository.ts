import type { CampaignRow, SegmentConditions } from '@app/contract/segments';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { campaigns, segments } from '../../db/schema/segments';
import { staff } from '../../db/schema/staff';
import { segmentCondition } from './segment-sql';

/** Members meeting the conditions now: one COUNT over `members m` with the compiled condition. */
export async function countSegment(db: Executor, conditions: SegmentConditions): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from members m where ${segmentCondition(conditions)}`,
  );
  return Number((result.rows[0] as { n: number }).n);
}

export async function listSegments(db: Executor) {
  return db
    .select({
      id: segments.id,
      name: segments.name,
      conditions: segments.conditions,
      createdByName: staff.name,
      createdAt: segments.createdAt,
      updatedAt: segments.updatedAt,
    })
    .from(segments)
    .leftJoin(staff, eq(staff.id, segments.createdBy))
    .where(isNull(segments.archivedAt))
    .orderBy(segments.name);
}

export const segmentOptions = (db: Executor) =>
  db
    .select({ id: segments.id, name: segments.name })
    .from(segments)
    .where(isNull(segments.archivedAt))
    .orderBy(segments.name);

export async function findSegment(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(segments)
    .where(and(eq(segments.id, id), isNull(segments.archivedAt)));
  return row;
}

export async function lockSegment(tx: Executor, id: number) {
  const [row] = await tx
    .select()
    .from(segments)
    .where(and(eq(segments.id, id), isNull(segments.archivedAt)))
    .for('update');
  return row;
}

/**
 * Freezes a segment into a campaign's list in ONE statement: every member meeting the conditions now,
 * the holdout an exact share of them chosen by a hash of campaign and member (stable, not guessable
 * from the member id order), then the counts on the campaign row.
 */
export async function freezeMembers(
  tx: Executor,
  campaignId: number,
  conditions: SegmentConditions,
  holdoutPercent: number,
  extra = sql`true`,
) {
  const result = await tx.execute(sql`
    with seg as (
      select m.id, row_number() over (order by md5(${campaignId}::text || ':' || m.id)) as rank,
          count(*) over () as total
        from members m where ${segmentCondition(conditions)} and ${extra}
    ), frozen as (
      insert into campaign_members (campaign_id, member_id, holdout)
        select ${campaignId}, s.id, s.rank <= floor(s.total * ${holdoutPercent}::int / 100.0) from seg s
        returning holdout
    )
    update campaigns set members = (select count(*) from frozen where not holdout),
        holdout_members = (select count(*) from frozen where holdout)
      where id = ${campaignId}
      returning members, holdout_members as "holdoutMembers"`);
  return result.rows[0] as { members: number; holdoutMembers: number };
}

export async function insertCampaign(tx: Executor, values: typeof campaigns.$inferInsert) {
  const [row] = await tx.insert(campaigns).values(values).returning({ id: campaigns.id });
  return row!.id;
}

export const setCampaignTarget = (tx: Executor, id: number, targetId: number) =>
  tx.update(campaigns).set({ targetId }).where(eq(campaigns.id, id));

/**
 * Every campaign with its lift: successful scans and redemptions per member in the window, of the
 * members reached against the holdout. One statement; each member's activity is read on its indexes
 * (coupon_scans by member and time, redemptions by member).
 */
export async function campaignLift(db: Executor): Promise<CampaignRow[]> {
  const result = await db.execute(sql`
    select c.id, c.kind, c.target_id as "targetId", c.segment_name as "segmentName",
        c.holdout_percent as "holdoutPercent", c.starts_at as "startsAt", c.ends_at as "endsAt",
        count(*) filter (where not cm.holdout)::int as reached, count(*) filter (where cm.holdout)::int as holdout,
        coalesce(sum(a.scans) filter (where not cm.holdout), 0)::int as "reachedScans",
        coalesce(sum(a.scans) filter (where cm.holdout), 0)::int as "holdoutScans",
        coalesce(sum(a.redemptions) filter (where not cm.holdout), 0)::int as "reachedRedemptions",
        coalesce(sum(a.redemptions) filter (where cm.holdout), 0)::int as "holdoutRedemptions"
      from campaigns c
      join campaign_members cm on cm.campaign_id = c.id
      cross join lateral (select
          (select count(*) from coupon_scans cs where cs.member_id = cm.member_id and cs.result = 'success'
            and cs.created_at >= c.starts_at and cs.created_at < c.ends_at) as scans,
          (select count(*) from redemptions r where r.member_id = cm.member_id
            and r.created_at >= c.starts_at and r.created_at < c.ends_at) as redemptions) a
      group by c.id
      order by c.id desc`);
  return (result.rows as Omit<CampaignRow, 'scanLift' | 'redemptionLift'>[]).map((r) => ({
    ...r,
    startsAt: new Date(r.startsAt).toISOString(),
    endsAt: new Date(r.endsAt).toISOString(),
    scanLift: lift(r.reachedScans, r.reached, r.holdoutScans, r.holdout),
    redemptionLift: lift(r.reachedRedemptions, r.reached, r.holdoutRedemptions, r.holdout),
  }));
}

/** Per-member rate of the reached over the holdout's, minus one; null without a holdout or its activity. */
function lift(reachedCount: number, reached: number, holdoutCount: number, holdout: number): number | null {
  if (reached === 0 || holdout === 0 || holdoutCount === 0) return null;
  return Math.round((reachedCount / reached / (holdoutCount / holdout) - 1) * 1000) / 1000;
}
