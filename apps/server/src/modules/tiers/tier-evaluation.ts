import type { Database } from '../../db/client';

/** Members one round of the nightly evaluation takes (one transaction, one statement). */
export const TIER_MEMBERS_PER_ROUND = 5_000;

export interface TierEvaluationOptions {
  membersPerRound?: number;
}

/**
 * The nightly tier evaluation: rounds of `evaluate_member_tiers`
 * (db/custom/points_and_scans.sql) over every member in id order, each its own statement and so its
 * own transaction, set-based. Idempotent and safe with any number of instances: each round locks its
 * members first, in id order, so a concurrent round waits and then finds nothing left to change.
 */
export async function runTierEvaluation(database: Database, options: TierEvaluationOptions = {}) {
  const size = options.membersPerRound ?? TIER_MEMBERS_PER_ROUND;
  let after = 0;
  for (let round = 1; ; round++) {
    const { rows } = await database.executeSql(
      'select evaluate_member_tiers($1::bigint, $2::int)::text as last',
      [after, size],
      'evaluate_member_tiers',
    );
    const last = rows[0]!.last as string | null;
    if (last === null) return { rounds: round - 1 };
    after = Number(last);
  }
}
