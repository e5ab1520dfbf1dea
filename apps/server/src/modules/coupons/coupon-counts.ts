import type { CouponCounts } from '@app/contract/coupon-batches';
import { todayInIndia } from '@app/contract/format';
import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ComputedColumn } from '../../lib/lists/define';

/** The stored counters of a batch, shards summed, as one JSON object (one small subquery per listed batch). */
export const countsJson = (batchId: PgColumn) =>
  sql<Record<string, number> | null>`(select jsonb_object_agg(status, n) from (
    select status, sum(n) as n from coupon_counts where batch_id = ${batchId} group by status) per_status)`;

/**
 * The counts people see: once the expiry date has passed, codes not yet scanned or damaged are
 * shown as expired rather than generated, printed or active.
 */
export function visibleCounts(stored: Record<string, number> | null, expiresOn: string): CouponCounts {
  const n = (k: string) => Number(stored?.[k] ?? 0);
  const counts = {
    generated: n('generated'),
    printed: n('printed'),
    active: n('active'),
    scanned: n('scanned'),
    damaged: n('damaged'),
    expired: 0,
  };
  if (expiresOn >= todayInIndia()) return counts;
  return {
    ...counts,
    expired: counts.generated + counts.printed + counts.active,
    generated: 0,
    printed: 0,
    active: 0,
  };
}

const COUNT_LABELS: Record<keyof CouponCounts, string> = {
  generated: 'Generated',
  printed: 'In stock (printed)',
  active: 'Active',
  scanned: 'Scanned',
  damaged: 'Damaged',
  expired: 'Expired',
};

/** Export columns of a row's counts by state (lists whose rows carry `counts`). */
export const countExportColumns = <Row extends { counts: CouponCounts }>(): Record<
  string,
  ComputedColumn<Row>
> =>
  Object.fromEntries(
    Object.entries(COUNT_LABELS).map(([state, label]) => [
      state,
      {
        label,
        format: 'int' as const,
        width: 10,
        cell: (row: Row) => row.counts[state as keyof CouponCounts],
      },
    ]),
  );
