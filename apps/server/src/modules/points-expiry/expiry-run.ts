import type { Database } from '../../db/client';

/** Members whose due lots one round expires (one transaction, one statement). */
export const EXPIRY_MEMBERS_PER_ROUND = 10_000;

export interface ExpiryRunOptions {
  /** The instant lots are due by; default now. Tests and the demo seed pass their own. */
  now?: Date;
  membersPerRound?: number;
  /** Called after each committed round; a throw stops the run (tests use it to "crash" halfway). */
  afterRound?: (lotsExpired: number, round: number) => void | Promise<void>;
}

/**
 * The nightly expiry: rounds of `expire_points_batch` (db/custom/points_and_scans.sql), each
 * its own statement and so its own transaction, until nothing is due. Any number of instances may run
 * at once and a run may die anywhere: a round commits whole or not at all, each lot posts under its own
 * unique reference `expiry:<lot>`, and the next run picks up what is still due.
 */
export async function runPointsExpiry(database: Database, options: ExpiryRunOptions = {}) {
  const now = options.now ?? new Date();
  const size = options.membersPerRound ?? EXPIRY_MEMBERS_PER_ROUND;
  let lots = 0;
  for (let round = 1; ; round++) {
    const { rows } = await database.executeSql(
      'select expire_points_batch($1::timestamptz, $2::int) as lots',
      [now.toISOString(), size],
      'expire_points_batch',
    );
    const expired = rows[0]!.lots as number | null;
    if (expired === null) return { lots, rounds: round - 1 };
    lots += expired;
    await options.afterRound?.(expired, round);
  }
}
