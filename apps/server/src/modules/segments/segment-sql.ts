import type { SegmentConditions } from '@app/contract/segments';
import { type SQL, sql } from 'drizzle-orm';
import { textArray } from '../../lib/raw-sql';

/**
 * A segment's conditions as ONE SQL condition over `members m`, every value a parameter (arrays as
 * one array parameter each), so a count or a freeze is one statement however many members match, and
 * nothing a user typed ever becomes SQL text. An empty set of conditions is every member (`true`).
 * Activity conditions are correlated EXISTS on indexed columns (coupon_scans by member, points_lots by
 * member), which PostgreSQL runs as semi- or anti-joins.
 */
export function segmentCondition(c: SegmentConditions): SQL {
  const parts: SQL[] = [];
  const lowered = (values: readonly string[]) => textArray(values.map((v) => v.trim().toLowerCase()));
  if (c.types?.length) parts.push(sql`m.type = any(${textArray(c.types)})`);
  if (c.statuses?.length) parts.push(sql`m.status = any(${textArray(c.statuses)})`);
  if (c.tiers?.length) parts.push(sql`lower(m.tier) = any(${lowered(c.tiers)})`);
  if (c.states?.length) parts.push(sql`m.state = any(${textArray(c.states)})`);
  if (c.districts?.length) parts.push(sql`lower(m.district) = any(${lowered(c.districts)})`);
  if (c.pincodes?.length) parts.push(sql`m.pincode = any(${textArray(c.pincodes)})`);
  if (c.dealerCodes?.length)
    parts.push(
      sql`m.dealer_id in (select d.id from members d where d.code = any(${textArray(c.dealerCodes.map((v) => v.toUpperCase()))}))`,
    );
  if (c.hasDealer === true) parts.push(sql`m.dealer_id is not null`);
  if (c.hasDealer === false) parts.push(sql`m.dealer_id is null`);
  // Registration dates are IST calendar days, both inclusive.
  if (c.registeredFrom)
    parts.push(sql`m.created_at >= (${c.registeredFrom}::date::timestamp at time zone 'Asia/Kolkata')`);
  if (c.registeredTo)
    parts.push(sql`m.created_at < ((${c.registeredTo}::date + 1)::timestamp at time zone 'Asia/Kolkata')`);
  const scannedSince = (d: number) => sql`exists (select 1 from coupon_scans cs where cs.member_id = m.id
    and cs.result = 'success' and cs.created_at > now() - make_interval(days => ${d}::int))`;
  if (c.scannedWithinDays != null) parts.push(scannedSince(c.scannedWithinDays));
  if (c.notScannedForDays != null) parts.push(sql`not ${scannedSince(c.notScannedForDays)}`);
  if (c.balanceMin != null) parts.push(sql`m.balance >= ${c.balanceMin}::int`);
  if (c.balanceMax != null) parts.push(sql`m.balance <= ${c.balanceMax}::int`);
  if (c.expiringWithinDays != null)
    parts.push(sql`(select coalesce(sum(l.remaining), 0) from points_lots l where l.member_id = m.id
      and l.remaining > 0 and l.held_by is null
      and l.expires_at <= now() + make_interval(days => ${c.expiringWithinDays}::int)) >= ${Math.max(1, c.expiringMin ?? 1)}::int`);
  if (c.kycStatuses?.length) parts.push(sql`m.kyc_status = any(${textArray(c.kycStatuses)})`);
  if (c.languages?.length) parts.push(sql`m.language = any(${textArray(c.languages)})`);
  if (c.skus?.length)
    parts.push(sql`exists (select 1 from coupon_scans cs where cs.member_id = m.id and cs.result = 'success'
      and cs.product_id in (select p.id from products p where p.sku = any(${textArray(c.skus)})))`);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

/** The ids of the members meeting a segment's conditions, as a subquery. */
export const segmentMembers = (c: SegmentConditions): SQL =>
  sql`select m.id from members m where ${segmentCondition(c)}`;
