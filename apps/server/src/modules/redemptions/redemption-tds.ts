import { computeTds, REFUNDED_STATUSES, TDS_OPEN_STATUSES } from '@app/contract/redemptions';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { redemptions } from '../../db/schema/redemptions';
import { type Actor, type AuditEntry, auditMany } from '../../lib/audit';
import { intArray, textArray } from '../../lib/raw-sql';
import { redemptionSettingsInForce } from './redemption-settings';

/**
 * TDS (section 194R) follows the financial year's value of the member's redemptions that stand (not
 * rejected, cancelled, failed or returned). A redemption's "prior" is the value of the member's standing
 * redemptions of the year requested before it (lower id); its TDS is `computeTds` on that prior and its
 * own value. A request computes it at once (its prior is every standing one); while it is still open
 * (requested or approved: nothing paid, issued or shipped) it is recomputed whenever a redemption of the
 * same member and year stops standing, again when it is approved, and a last time when it is settled
 * (paid, fulfilled, dispatched: its TDS is then fixed), so
 * what is paid out and what the TDS statement sums never count value that was given back.
 */

/** The member's value already redeemed in a financial year: refunded redemptions do not count. */
export async function fyValuePaise(tx: Executor, memberId: number, financialYear: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${redemptions.valuePaise}), 0)` })
    .from(redemptions)
    .where(
      and(
        eq(redemptions.memberId, memberId),
        eq(redemptions.financialYear, financialYear),
        notInArray(redemptions.status, [...REFUNDED_STATUSES]),
      ),
    );
  return Number(row?.total ?? 0);
}

/** A member's financial year whose open redemptions' TDS is to be recomputed. */
export interface TdsScope {
  memberId: number;
  financialYear: string;
}

type Standing = {
  id: number;
  kind: string;
  valuePaise: number;
  prior: number;
  panOnFile: boolean;
  tdsRateBp: number;
  tdsPaise: number;
  netPaise: number;
  priorFyValuePaise: number;
};

const refunded = sql.join(
  REFUNDED_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);
const open = sql.join(
  TDS_OPEN_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * Recomputes the TDS of the open redemptions of each member's financial year in `scopes` (only those in
 * `only` when given), in the caller's transaction, and audits each one whose TDS changed (the prior value
 * recorded beside it is kept up to date without an entry: a bulk refund and the same refunds one by one
 * leave the same rows and the same entries). Set-based: one
 * SELECT of the standing redemptions with their running prior, one UPDATE of the changed ones.
 * A row another transaction holds is skipped (`SKIP LOCKED`: it is being decided or settled there, and
 * waiting for it could deadlock with a refund of the same member); settling recomputes it anyway.
 * The rates and threshold are the settings in force; the PAN is as recorded at request.
 */
export async function recomputeTds(
  tx: Executor,
  scopes: readonly TdsScope[],
  actor: Actor,
  only?: readonly number[],
): Promise<void> {
  const unique = [...new Map(scopes.map((s) => [`${s.memberId}:${s.financialYear}`, s])).values()];
  if (unique.length === 0 || only?.length === 0) return;
  const result = await tx.execute<Standing>(sql`
    select id, kind, value_paise as "valuePaise", pan_on_file as "panOnFile",
      tds_rate_bp as "tdsRateBp", tds_paise as "tdsPaise", net_paise as "netPaise",
      prior_fy_value_paise as "priorFyValuePaise", prior
    from (
      select r.*, r.status in (${open}) as is_open,
        coalesce(sum(r.value_paise) over (partition by r.member_id, r.financial_year order by r.id
          rows between unbounded preceding and 1 preceding), 0)::float8 as prior
      from ${redemptions} r
      join unnest(${intArray(
        unique.map((s) => s.memberId),
        'int',
      )}, ${textArray(unique.map((s) => s.financialYear))})
        as scope(member_id, financial_year)
        on r.member_id = scope.member_id and r.financial_year = scope.financial_year
      where r.status not in (${refunded})
    ) standing
    where is_open ${only ? sql`and id = any(${intArray(only)})` : sql``}
    order by id`);
  const rows = result.rows;
  if (rows.length === 0) return;
  const settings = await redemptionSettingsInForce(tx);
  const changed: {
    row: Standing;
    prior: number;
    rateBp: number;
    tdsPaise: number;
    netPaise: number;
    /** The TDS changed, not only the prior value recorded beside it: audited. */
    tdsChanged: boolean;
  }[] = [];
  for (const row of rows) {
    const valuePaise = Number(row.valuePaise);
    const prior = Number(row.prior);
    const tds = computeTds({
      valuePaise,
      priorFyValuePaise: prior,
      panOnFile: row.panOnFile,
      thresholdPaise: settings.tdsThresholdPaise,
      rateBp: settings.tdsRateBp,
      noPanRateBp: settings.tdsNoPanRateBp,
    });
    const netPaise = row.kind === 'cash' ? valuePaise - tds.tdsPaise : valuePaise;
    const tdsChanged =
      tds.tdsPaise !== Number(row.tdsPaise) ||
      tds.rateBp !== row.tdsRateBp ||
      netPaise !== Number(row.netPaise);
    if (tdsChanged || prior !== Number(row.priorFyValuePaise))
      changed.push({ row, prior, rateBp: tds.rateBp, tdsPaise: tds.tdsPaise, netPaise, tdsChanged });
  }
  if (changed.length === 0) return;
  const updated = await tx.execute(sql`
    update ${redemptions} r
    set prior_fy_value_paise = x.prior, tds_rate_bp = x.rate, tds_paise = x.tds, net_paise = x.net,
      updated_at = now()
    from unnest(${intArray(changed.map((c) => c.row.id))}, ${intArray(changed.map((c) => c.prior))},
      ${intArray(
        changed.map((c) => c.rateBp),
        'int',
      )}, ${intArray(changed.map((c) => c.tdsPaise))},
      ${intArray(changed.map((c) => c.netPaise))}) as x(id, prior, rate, tds, net)
    where r.id = x.id and r.id in (
      select id from ${redemptions} where id = any(${intArray(changed.map((c) => c.row.id))})
        and status in (${open})
      for update skip locked)
    returning r.id`);
  const done = new Set(updated.rows.map((u) => Number(u.id)));
  const entries: AuditEntry[] = changed
    .filter((c) => c.tdsChanged && done.has(Number(c.row.id)))
    .map((c) => ({
      action: 'redemption.tds_recomputed',
      entity: 'redemption',
      entityId: Number(c.row.id),
      before: {
        tdsRateBp: c.row.tdsRateBp,
        tdsPaise: Number(c.row.tdsPaise),
        netPaise: Number(c.row.netPaise),
      },
      after: { tdsRateBp: c.rateBp, tdsPaise: c.tdsPaise, netPaise: c.netPaise },
    }));
  await auditMany(tx, actor, entries);
}
