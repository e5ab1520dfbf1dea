import { CHANNEL_REPORTS } from '@app/contract/channel';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { ReportRange, ReportSource } from '../../lib/lists/report';
import type { ReportRow } from '../../lib/xlsx-writer';

const INT_KEYS = new Set(['partners', 'active30', 'active90', 'partnerPoints', 'dealerPoints']);

/**
 * Dealers report: one row per approved dealer or retailer, with his partners now, those active (a
 * successful scan) in the last 30 and 90 days, the points his partners earned by scans in the range
 * and the dealer shares he earned in it. One statement per batch, dealers in code order.
 */
const rows = (range: ReportRange, limit: number, offset: number) => sql`
  select d.code as "dealerCode", d.name as "dealerName", d.type, d.district, d.state,
      count(p.id)::int as partners,
      count(p.id) filter (where exists (select 1 from coupon_scans cs where cs.member_id = p.id
        and cs.result = 'success' and cs.created_at > now() - interval '30 days'))::int as active30,
      count(p.id) filter (where exists (select 1 from coupon_scans cs where cs.member_id = p.id
        and cs.result = 'success' and cs.created_at > now() - interval '90 days'))::int as active90,
      coalesce(sum((select sum(cs.points) from coupon_scans cs where cs.member_id = p.id and cs.result = 'success'
        and cs.created_at >= ${range.from}::timestamptz and cs.created_at < ${range.to}::timestamptz)), 0)::int
        as "partnerPoints",
      (select coalesce(sum(e.amount), 0) from points_ledger e where e.member_id = d.id and e.kind = 'dealer_share'
        and e.created_at >= ${range.from}::timestamptz and e.created_at < ${range.to}::timestamptz)::int as "dealerPoints"
    from members d left join members p on p.dealer_id = d.id
    where d.type in ('dealer', 'retailer') and d.status = 'approved'
    group by d.id order by d.code limit ${limit} offset ${offset}`;

export const dealersReportSource: ReportSource = {
  columns: CHANNEL_REPORTS[0].columns.map((c) => ({ ...c, format: INT_KEYS.has(c.key) ? 'int' : 'text' })),
  async *batches(db: Executor, range, batchSize) {
    for (let offset = 0; ; offset += batchSize) {
      const result = await db.execute(rows(range, batchSize, offset));
      const batch = result.rows as ReportRow[];
      if (batch.length === 0) return;
      yield batch;
      if (batch.length < batchSize) return;
    }
  },
  async count(db: Executor) {
    const result = await db.execute(
      sql`select count(*)::int as n from members where type in ('dealer', 'retailer') and status = 'approved'`,
    );
    return Number((result.rows[0] as { n: number }).n);
  },
};
