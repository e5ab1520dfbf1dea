import { reportDefinition } from '@app/contract/reports';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cellOf } from '../../lib/lists/export';
import type { ReportRange, ReportSource } from '../../lib/lists/report';
import { isoText } from '../../lib/lists/sql';
import type { ExportFormat, ReportRow } from '../../lib/xlsx-writer';

/** The scan results that are a fraud rule refusing the scan (contract SCAN_RESULTS). */
const REFUSALS = ['too_many_scans', 'outside_distributor_state', 'scans_locked', 'cluster_refused'];

/**
 * Every fraud decision in the range, one row each, oldest first: a credited scan a
 * rule flagged (outcome `flagged`), or held (the hold's outcome: held, reversal_requested, cleared or
 * reversed, with who decided, when and the reversal's reason), a scan a rule refused, and a KYC
 * approval that went ahead with the same PAN, bank account or UPI id on another member (`flag`; a
 * `hold` or `refuse` match refuses the approval and leaves nothing to report). A scan is dated by the
 * scan, a KYC match by the approval.
 */
const decisions = sql`(
  select s.created_at as at, 'scan:' || s.id as key,
    case when h.id is null then 'Flagged scan' else 'Held scan' end as kind,
    array_to_string(s.flags, ', ') as rule, m.code as "memberCode", m.name as "memberName",
    s.code as subject, coalesce(h.points, s.points) as points, coalesce(h.status, 'flagged') as outcome,
    coalesce(d.name, r.name) as "decidedBy", h.decided_at as "decidedAt", h.reversal_reason as reason,
    null::text as "otherMember"
  from coupon_scans s
    left join scan_holds h on h.scan_id = s.id
    left join members m on m.id = s.member_id
    left join staff d on d.id = h.decided_by
    left join staff r on r.id = h.reversal_requested_by
  where s.result = 'success' and cardinality(s.flags) > 0
  union all
  select s.created_at, 'scan:' || s.id, 'Refused scan', s.result, m.code, m.name, s.code, null::int,
    'refused', null, null::timestamptz, null, null
  from coupon_scans s left join members m on m.id = s.member_id
  where s.result in (${sql.join(
    REFUSALS.map((r) => sql`${r}`),
    sql`, `,
  )})
  union all
  select a.at, 'kyc:' || a.id || ':' || f.n, 'KYC match',
    'Same ' || case f.match->>'field' when 'pan' then 'PAN' when 'upi' then 'UPI id' else 'bank account' end
      || ' (' || (f.match->>'action') || ')',
    m.code, m.name, 'KYC #' || (a.after->>'submission'), null::int, 'approved, flagged', st.name, a.at, null,
    coalesce(f.match->>'memberName', '') || ' (' || coalesce(f.match->>'memberCode', '#' || (f.match->>'memberId')) || ')'
  from audit_log a
    cross join lateral jsonb_array_elements(a.after->'flagged') with ordinality as f(match, n)
    left join members m on m.id::text = a.entity_id
    left join staff st on st.id = a.actor_id
  where a.action = 'kyc.approved' and a.entity = 'member' and jsonb_typeof(a.after->'flagged') = 'array'
) d`;

const inRange = (range: ReportRange): SQL =>
  sql`d.at >= ${range.from}::timestamptz and d.at < ${range.to}::timestamptz`;

/** A source that computes its own rows: its columns are the catalogue's. */
const columns = reportDefinition('fraud_decisions')?.columns ?? [];
const FORMATS: Record<string, ExportFormat> = { at: 'datetime', decidedAt: 'datetime', points: 'int' };

export const fraudDecisionsReportSource: ReportSource = {
  columns: columns.map((c) => ({ ...c, format: FORMATS[c.key] ?? 'text' })),
  async *batches(db: Executor, range: ReportRange, batchSize: number) {
    let after: { at: string; key: string } | null = null;
    for (;;) {
      const { rows } =
        await db.execute(sql`select d.*, d.at::text as "cursorAt", ${isoText(sql`d.at`)} as "atIso",
          ${isoText(sql`d."decidedAt"`)} as "decidedAtIso"
        from ${decisions}
        where ${inRange(range)} ${after ? sql`and (d.at, d.key) > (${after.at}::timestamptz, ${after.key})` : sql``}
        order by d.at, d.key limit ${batchSize}`);
      if (rows.length === 0) return;
      yield rows.map((row) => {
        const cells: ReportRow = {};
        const values = { ...row, at: row.atIso, decidedAt: row.decidedAtIso } as Record<string, unknown>;
        for (const c of columns) cells[c.key] = cellOf(values[c.key], FORMATS[c.key] ?? 'text');
        return cells;
      });
      const last = rows[rows.length - 1] as { cursorAt: string; key: string };
      after = { at: last.cursorAt, key: last.key };
      if (rows.length < batchSize) return;
    }
  },
  async count(db: Executor, range: ReportRange) {
    const { rows } = await db.execute(
      sql`select count(*)::int as n from ${decisions} where ${inRange(range)}`,
    );
    return (rows[0] as { n: number }).n;
  },
};
