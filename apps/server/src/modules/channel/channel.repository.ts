import type { DealerLinkRow, DealerSummary, LinkVia, PartnerActivity } from '@app/contract/channel';
import { DEALER_TYPES } from '@app/contract/channel';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { textArray } from '../../lib/raw-sql';

const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) =>
  (await db.execute(query)).rows as T[];
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

const dealerFields = sql`d.id, d.code, d.name, d.type, d.city, d.district, d.pincode`;
const isDealer = sql`d.type = any(${textArray(DEALER_TYPES)}) and d.status = 'approved'`;

/** An approved dealer or retailer by member code. */
export async function findDealerByCode(db: Executor, code: string): Promise<DealerSummary | undefined> {
  const [row] = await rowsOf<DealerSummary>(
    db,
    sql`select ${dealerFields} from members d where d.code = ${code} and ${isDealer}`,
  );
  return row;
}

/**
 * Locks a partner and (when given) a dealer in id order, the order scans lock members in: the partner
 * FOR UPDATE (his dealer changes), the dealer FOR KEY SHARE (the link's foreign key; a dealer's own
 * scans go on). Returns both as they are now.
 */
export async function lockPair(tx: Executor, partnerId: number, dealerId: number | null) {
  const ids = dealerId === null ? [partnerId] : [partnerId, dealerId].sort((a, b) => a - b);
  for (const id of ids)
    await tx.execute(
      id === partnerId
        ? sql`select 1 from members where id = ${id} for update`
        : sql`select 1 from members where id = ${id} for key share`,
    );
  const [partner] = await rowsOf<{
    id: number;
    code: string;
    type: string;
    status: string;
    dealerId: number | null;
  }>(tx, sql`select id, code, type, status, dealer_id as "dealerId" from members where id = ${partnerId}`);
  const dealer =
    dealerId === null
      ? undefined
      : (
          await rowsOf<DealerSummary>(
            tx,
            sql`select ${dealerFields} from members d where d.id = ${dealerId} and ${isDealer}`,
          )
        )[0];
  return { partner, dealer };
}

/** Ends the partner's open link and opens the new one (if any), and sets members.dealer_id. */
export async function moveLink(
  tx: Executor,
  partnerId: number,
  dealerId: number | null,
  via: LinkVia,
  staffId: number | null,
) {
  await tx.execute(sql`update dealer_links set ended_at = now(), ended_via = ${via}, ended_by_staff = ${staffId}
    where member_id = ${partnerId} and ended_at is null`);
  if (dealerId !== null)
    await tx.execute(sql`insert into dealer_links (member_id, dealer_id, linked_via, linked_by_staff)
      values (${partnerId}, ${dealerId}, ${via}, ${staffId})`);
  await tx.execute(
    sql`update members set dealer_id = ${dealerId}, updated_at = now() where id = ${partnerId}`,
  );
}

export async function memberBasics(db: Executor, id: number) {
  const [row] = await rowsOf<{
    id: number;
    type: string;
    state: string;
    district: string;
    pincode: string;
    dealerId: number | null;
  }>(
    db,
    sql`select id, type, state, district, pincode, dealer_id as "dealerId" from members where id = ${id}`,
  );
  return row;
}

export async function dealerOf(db: Executor, dealerId: number | null): Promise<DealerSummary | null> {
  if (dealerId === null) return null;
  const [row] = await rowsOf<DealerSummary>(
    db,
    sql`select ${dealerFields} from members d where d.id = ${dealerId}`,
  );
  return row ?? null;
}

/** Approved dealers and retailers in the member's pincode first, then the rest of the district. */
export async function nearbyDealers(
  db: Executor,
  place: { state: string; district: string; pincode: string },
): Promise<DealerSummary[]> {
  return rowsOf<DealerSummary>(
    db,
    sql`select ${dealerFields} from members d
      where ${isDealer} and d.state = ${place.state}
        and (d.pincode = ${place.pincode} or lower(d.district) = lower(${place.district}))
      order by (d.pincode = ${place.pincode}) desc, d.name limit 20`,
  );
}

export async function linkHistory(db: Executor, memberId: number): Promise<DealerLinkRow[]> {
  const rows = await rowsOf<DealerLinkRow>(
    db,
    sql`select l.id, l.dealer_id as "dealerId", d.code as "dealerCode", d.name as "dealerName",
        l.linked_via as "linkedVia", ls.name as "linkedByName", l.linked_at as "linkedAt",
        l.ended_via as "endedVia", es.name as "endedByName", l.ended_at as "endedAt"
      from dealer_links l join members d on d.id = l.dealer_id
      left join staff ls on ls.id = l.linked_by_staff left join staff es on es.id = l.ended_by_staff
      where l.member_id = ${memberId} order by l.id desc limit 100`,
  );
  return rows.map((r) => ({ ...r, linkedAt: iso(r.linkedAt)!, endedAt: iso(r.endedAt) }));
}

export async function partnerCount(db: Executor, dealerId: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from members where dealer_id = ${dealerId}`,
  );
  return Number(row?.n ?? 0);
}

/** A partner by code or mobile (approved, of a partner type) for a dealer attaching him. */
export async function findPartner(db: Executor, codeOrMobile: string) {
  const [row] = await rowsOf<{ id: number; type: string; status: string }>(
    db,
    sql`select id, type, status from members where code = ${codeOrMobile.toUpperCase()} or mobile = ${codeOrMobile}`,
  );
  return row;
}

/**
 * A dealer's partners with their activity (scans and points in 30 days, last scan) and what each
 * earned the dealer (dealer shares referencing the partner's scans). One statement.
 */
export async function partnersOf(db: Executor, dealerId: number): Promise<PartnerActivity[]> {
  const rows = await rowsOf<PartnerActivity>(
    db,
    sql`with shares as (
        select cs.member_id, sum(e.amount)::int as points from points_ledger e
          join coupon_scans cs on cs.coupon_serial = split_part(e.reference, ':', 3)::bigint and cs.result = 'success'
        where e.member_id = ${dealerId} and e.kind = 'dealer_share' group by cs.member_id)
      select p.code, p.name, p.type, p.city,
        coalesce((select max(l.linked_at) from dealer_links l where l.member_id = p.id and l.ended_at is null),
          p.created_at) as "linkedAt",
        (select max(cs.created_at) from coupon_scans cs where cs.member_id = p.id and cs.result = 'success') as "lastScanAt",
        a.scans30, a.points30, coalesce(sh.points, 0)::int as "shareEarned"
      from members p
      cross join lateral (select count(*)::int as scans30, coalesce(sum(cs.points), 0)::int as points30
        from coupon_scans cs where cs.member_id = p.id and cs.result = 'success'
          and cs.created_at > now() - interval '30 days') a
      left join shares sh on sh.member_id = p.id
      where p.dealer_id = ${dealerId}
      order by p.name limit 500`,
  );
  return rows.map((r) => ({ ...r, linkedAt: iso(r.linkedAt)!, lastScanAt: iso(r.lastScanAt) }));
}

export async function dealerEarnings(db: Executor, dealerId: number) {
  const [totals] = await rowsOf<{ total: number; last30: number }>(
    db,
    sql`select coalesce(sum(amount), 0)::int as total,
        coalesce(sum(amount) filter (where created_at > now() - interval '30 days'), 0)::int as last30
      from points_ledger where member_id = ${dealerId} and kind = 'dealer_share'`,
  );
  const recent = await rowsOf<{ at: string; points: number; note: string | null }>(
    db,
    sql`select created_at as at, amount as points, note from points_ledger
      where member_id = ${dealerId} and kind = 'dealer_share' order by id desc limit 20`,
  );
  return {
    shareTotal: Number(totals?.total ?? 0),
    share30: Number(totals?.last30 ?? 0),
    recentShares: recent.map((r) => ({ ...r, at: iso(r.at)! })),
  };
}
