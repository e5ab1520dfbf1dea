import type { LedgerKind } from '@app/contract/ledger';
import type { TestApp } from '../../../test/harness';
import { postEntry } from '../ledger';

/** A rolling policy in force since long ago, approved straight in the table (tests of the rules). */
export async function approveRollingPolicy(t: TestApp, months = 12) {
  await t.database.executeSql(
    `insert into points_expiry_policies (rule, months, effective_from, status, requested_by, decided_by, decided_at)
     values ('rolling_months', $1, now() - interval '20 years', 'approved', 1, 2, now())`,
    [months],
  );
}

/** One posting in its own transaction. */
export const post = (t: TestApp, memberId: number, amount: number, kind: LedgerKind, reference: string) =>
  t.database.db.transaction((tx) => postEntry(tx, { memberId, amount, kind, reference }));

export interface LotRow {
  id: number;
  amount: number;
  remaining: number;
  expiresAt: Date | null;
  expiredEntryId: number | null;
}

export async function lotsOf(t: TestApp, memberId: number): Promise<LotRow[]> {
  const { rows } = await t.database.executeSql(
    `select id, amount, remaining, expires_at as "expiresAt", expired_entry_id as "expiredEntryId"
       from points_lots where member_id = $1 order by id`,
    [memberId],
  );
  return rows as unknown as LotRow[];
}

/** Makes lots due now: the first `count` open lots of each member (or those ids). */
export async function makeDue(t: TestApp, memberIds: number[], count = 1) {
  await t.database.executeSql(
    `update points_lots l set expires_at = now() - interval '1 minute'
       from (select id, row_number() over (partition by member_id order by id) as n
               from points_lots where member_id = any($1::int[]) and remaining > 0) o
      where l.id = o.id and o.n <= $2`,
    [memberIds, count],
  );
}

/**
 * What must hold after any mix of postings and expiry runs, for these members: the balance is the
 * ledger's sum and never negative; open lots never hold more than the balance; each lot expired at
 * most once, by exactly what it had left, and never a point a standing debit took from it.
 */
export async function expiryViolations(t: TestApp, memberIds: number[]) {
  const { rows } = await t.database.executeSql(
    `with lots as (select * from points_lots where member_id = any($1::int[])),
     standing as (
       select u.lot_id, sum(u.amount)::int as taken from points_lot_uses u join points_ledger d on d.id = u.entry_id
        where not exists (select 1 from points_ledger r where d.kind = 'redemption_hold'
                            and r.kind = 'redemption_refund' and r.reference = d.reference)
        group by u.lot_id),
     expired as (select substr(reference, 8)::bigint as lot_id, count(*)::int as n, -sum(amount)::int as points
                   from points_ledger where kind = 'expiry' and member_id = any($1::int[]) group by 1)
     select 'balance' as what, m.id::text as which from members m
       where m.id = any($1::int[]) and (m.balance < 0
         or m.balance <> (select coalesce(sum(amount), 0) from points_ledger l where l.member_id = m.id)
         or m.balance < (select coalesce(sum(remaining), 0) from lots where lots.member_id = m.id))
     union all
     select 'expired twice or wrongly', l.id::text from lots l left join expired e on e.lot_id = l.id
       left join standing s on s.lot_id = l.id
       where coalesce(e.n, 0) > 1
          or (e.n = 1 and (l.expired_entry_id is null or l.remaining <> 0))
          or coalesce(e.points, 0) + coalesce(s.taken, 0) > l.amount`,
    [memberIds],
  );
  return rows.map((r) => `${r.what} ${r.which}`);
}
