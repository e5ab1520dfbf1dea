import { SECOND_FACTOR_MESSAGES as M } from '@app/contract/auth';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { signInChallenges as ch, signInThrottles as th } from '../../db/schema/staff';
import { type Actor, audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { recordSignIn } from './auth.repository';

/**
 * Guessing the second step's code. Each check of a code first takes a slot, atomically, from two
 * counts held in PostgreSQL (so every instance shares them and parallel guesses cannot overtake
 * the count): the challenge's own (CHALLENGE_ATTEMPTS) and the account's across all its challenges
 * and addresses (ACCOUNT_CODE_FAILURES an hour, in `sign_in_throttles`). Without a slot no code is
 * checked, the right one included. A right code gives the account's slots back.
 */
export const CHALLENGE_ATTEMPTS = 5;
export const ACCOUNT_CODE_FAILURES = 10;
const ACCOUNT_WINDOW = '1 hour';
/** `sign_in_throttles` subject of one account's second-step count, across addresses ("*"). */
const accountSubject = (staffId: number) => `second-factor:${staffId}`;
const ANY_ADDRESS = '*';

export interface Client {
  ip: string;
  userAgent: string | null;
}

export const challengeGone = () => new AppError(401, 'challenge_expired', M.challengeGone);

export interface Claimed {
  id: number;
  staffId: number;
  email: string;
  /** The challenge's slots taken, this one included. */
  attempts: number;
  /** The account's second-step failures in the window, this check included. */
  accountFailures: number;
}

/** One slot on the account's count: the count after it, the window starting again when it ran out. */
async function takeAccountSlot(tx: Executor, staffId: number): Promise<number> {
  const failures = sql`case when ${th.lastFailureAt} < now() - ${ACCOUNT_WINDOW}::interval then 1 else ${th.failures} + 1 end`;
  const [row] = await tx
    .insert(th)
    .values({
      subject: accountSubject(staffId),
      address: ANY_ADDRESS,
      failures: 1,
      lastFailureAt: sql`now()`,
    })
    .onConflictDoUpdate({
      target: [th.subject, th.address],
      set: { failures, lastFailureAt: sql`now()` },
    })
    .returning({ failures: th.failures });
  return row!.failures;
}

/**
 * Takes a slot for one check of a code on the challenge, which the caller holds locked. Null when
 * either count has none left (the account's running out spends its challenges; the caller commits
 * that, then refuses).
 */
export async function claimCheck(
  tx: Executor,
  challenge: { id: number; staffId: number; email: string },
): Promise<Claimed | null> {
  const [slot] = await tx
    .update(ch)
    .set({ attempts: sql`${ch.attempts} + 1` })
    .where(
      and(
        eq(ch.id, challenge.id),
        lt(ch.attempts, CHALLENGE_ATTEMPTS),
        isNull(ch.usedAt),
        gt(ch.expiresAt, sql`now()`),
      ),
    )
    .returning({ attempts: ch.attempts });
  if (!slot) return null;
  const accountFailures = await takeAccountSlot(tx, challenge.staffId);
  if (accountFailures > ACCOUNT_CODE_FAILURES) {
    await spendChallenges(tx, challenge.staffId);
    return null;
  }
  return { ...challenge, attempts: slot.attempts, accountFailures };
}

/** A right code: the account's count starts again. */
export async function forgiveCodeFailures(tx: Executor, staffId: number): Promise<void> {
  await tx
    .update(th)
    .set({ failures: 0 })
    .where(and(eq(th.subject, accountSubject(staffId)), eq(th.address, ANY_ADDRESS)));
}

/** Every live challenge of the account is spent: none takes a code any more. */
async function spendChallenges(tx: Executor, staffId: number): Promise<void> {
  await tx
    .update(ch)
    .set({ usedAt: sql`now()` })
    .where(and(eq(ch.staffId, staffId), isNull(ch.usedAt)));
}

/**
 * A wrong code: recorded as a sign-in event and audited. The check that uses up the challenge's or
 * the account's last slot spends the account's challenges and alerts: a sign-in event, an audit
 * entry `staff.second_factor_alert` (what the staff's alerts and the audit page show) and a warning
 * in the log, since whoever guesses already holds the password.
 */
export async function recordWrongCode(app: FastifyInstance, claimed: Claimed, client: Client): Promise<void> {
  const actor: Actor = { id: null, role: null, requestId: null };
  const exhausted =
    claimed.attempts >= CHALLENGE_ATTEMPTS || claimed.accountFailures >= ACCOUNT_CODE_FAILURES;
  await app.database.db.transaction(async (tx) => {
    const event = { email: claimed.email.toLowerCase(), staffId: claimed.staffId, ...client };
    await recordSignIn(tx, { ...event, outcome: 'second_factor_wrong' });
    await audit(tx, actor, {
      action: 'staff.second_factor_wrong',
      entity: 'staff',
      entityId: claimed.staffId,
      after: { address: client.ip, attempts: claimed.attempts, accountFailures: claimed.accountFailures },
    });
    if (!exhausted) return;
    await spendChallenges(tx, claimed.staffId);
    await recordSignIn(tx, { ...event, outcome: 'second_factor_locked' });
    await audit(tx, actor, {
      action: 'staff.second_factor_alert',
      entity: 'staff',
      entityId: claimed.staffId,
      after: { address: client.ip, reason: 'too many wrong codes; the password is known to someone' },
    });
  });
  if (exhausted)
    app.log.warn(
      { staffId: claimed.staffId, address: client.ip },
      'second step: too many wrong codes, the sign-in challenges are spent',
    );
}

/**
 * The code must come from the address that gave the password: a challenge carried elsewhere is
 * recorded and refused before any code is checked.
 */
export async function refuseOtherAddress(
  app: FastifyInstance,
  challenge: { staffId: number; email: string },
  client: Client,
): Promise<never> {
  await recordSignIn(app.database.db, {
    email: challenge.email.toLowerCase(),
    staffId: challenge.staffId,
    outcome: 'second_factor_other_address',
    ...client,
  });
  throw challengeGone();
}
