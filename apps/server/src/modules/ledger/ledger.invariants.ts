import type { Database } from '../../db/client';

/**
 * The ledger's rules as queries, each returning the rows that break it (none when all hold):
 * balance = sum of entries, balance ≥ 0, each balance_after = previous + amount (in id order),
 * and no (kind, reference) twice. Tests run it after every scenario; `memberIds` narrows it.
 */
export async function ledgerViolations(database: Database, memberIds?: number[]) {
  const only = memberIds ? `and m.id = any($1::int[])` : '';
  const onlyLedger = memberIds ? `where member_id = any($1::int[])` : '';
  const params = memberIds ? [memberIds] : [];
  const run = async (text: string) => (await database.executeSql(text, params)).rows;
  return {
    balanceMismatch: await run(
      `select m.id, m.balance, coalesce(l.total, 0) as total from members m
       left join (select member_id, sum(amount) as total from points_ledger group by member_id) l on l.member_id = m.id
       where m.balance <> coalesce(l.total, 0) ${only}`,
    ),
    negative: await run(`select m.id from members m where m.balance < 0 ${only}`),
    brokenChain: await run(
      `select id from (select id, amount, balance_after,
         lag(balance_after, 1, 0) over (partition by member_id order by id) as previous
       from points_ledger ${onlyLedger}) x where balance_after <> previous + amount`,
    ),
    duplicates: await run(
      `select kind, reference from points_ledger ${onlyLedger} group by kind, reference having count(*) > 1`,
    ),
  };
}

export const NO_VIOLATIONS = { balanceMismatch: [], negative: [], brokenChain: [], duplicates: [] };
