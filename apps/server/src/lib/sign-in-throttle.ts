import { type AnyColumn, and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { signInThrottles as t } from '../db/schema/staff';
import { AppError } from './errors';
import { hashToken } from './tokens';

/**
 * Throttling password guesses, one rule for every sign-in (staff, field app), held in PostgreSQL so
 * that several instances count together. Three counts, each with its own lock and backoff:
 *
 * - the name and the address together (`sign_in_throttles`, subject + address): PAIR_MAX_FAILURES
 *   wrong passwords in a row lock that pair for PAIR_LOCK_MINUTES, even against the right password;
 *   every further failure after a lock doubles it (up to a day). Unknown names are counted the same
 *   way, so the answers do not tell which names exist. A guesser locks only themself out: the same
 *   name from another address is untouched.
 * - the address across all names (subject "*"): ADDRESS_MAX_FAILURES failures within an hour hold
 *   that address for a minute, doubling per further failure (up to an hour): spraying one password
 *   over many names.
 * - the account across all addresses (`failed_logins`, `locked_until` on the account's row):
 *   ACCOUNT_MAX_FAILURES failures hold it for a minute, doubling per further failure (up to an
 *   hour): guessing from many addresses.
 *
 * An address that has signed in to the account with the right password within KNOWN_GOOD_DAYS is
 * known good: only its own pair's lock holds it, so neither an address's nor the account's lock —
 * both of which others can set off — keeps the legitimate user out. Behind a shared address (an office, a
 * carrier's NAT) the pair's lock is the attacker's and the user's alike; so a browser that has signed
 * in to the account with the right password within KNOWN_GOOD_DAYS carries a device token (a cookie,
 * kept as its own pair, address "device:<sha-256>"): a known device is held only by its own pair's
 * lock, neither by the address's pair, the address's nor the account's. A right password clears its
 * pair and the account's count. Locked attempts are answered before any password is checked and
 * are not counted.
 */
export const PAIR_MAX_FAILURES = 5;
export const PAIR_LOCK_MINUTES = 15;
const PAIR_MAX_LOCK_MINUTES = 24 * 60;
/** A pair's count starts again after this long without a failure. */
const PAIR_WINDOW = '24 hours';

export const ADDRESS_MAX_FAILURES = 20;
const ADDRESS_MAX_LOCK_MINUTES = 60;
const ADDRESS_WINDOW = '1 hour';

export const ACCOUNT_MAX_FAILURES = 10;
const ACCOUNT_MAX_LOCK_MINUTES = 60;

export const KNOWN_GOOD_DAYS = 90;
/** The subject of the per-address row. */
const ANY_NAME = '*';

export type SignInScope = 'staff' | 'field';

export interface SignInAttempt {
  /** "staff:<email lowercased>" or "field:<mobile>". */
  subject: string;
  /** The client's address as the server sees it (TRUST_PROXY decides). */
  address: string;
  /** "device:<sha-256 of the device token>", when the client sent one. */
  device?: string | null;
}

export const signInAttempt = (
  scope: SignInScope,
  name: string,
  address: string,
  deviceToken?: string | null,
): SignInAttempt => ({
  subject: `${scope}:${name.trim().toLowerCase()}`,
  address,
  device: deviceToken ? `device:${hashToken(deviceToken)}` : null,
});

/** Whether the attempt comes from a device known good for its name: its own pair then counts instead. */
export interface Standing {
  knownDevice: boolean;
}

/** A known device's own lock, or null when the attempt carries no known device. */
async function knownDevice(db: Executor, attempt: SignInAttempt) {
  if (!attempt.device) return null;
  const [row] = await db
    .select({ lockedUntil: t.lockedUntil })
    .from(t)
    .where(
      and(
        eq(t.subject, attempt.subject),
        eq(t.address, attempt.device),
        sql`${t.lastSuccessAt} > now() - make_interval(days => ${KNOWN_GOOD_DAYS})`,
      ),
    );
  return row ?? null;
}

/** Whether a lock holds now. */
export const isLocked = (lockedUntil: Date | null | undefined): lockedUntil is Date =>
  lockedUntil != null && lockedUntil > new Date();

/** The answer to a held attempt (423), saying how long is left. */
export function lockedError(lockedUntil: Date): AppError {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - Date.now()) / 60_000));
  return new AppError(
    423,
    'account_locked',
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

/**
 * Refuses (423) an attempt that a lock holds, before the password is checked: the pair's lock
 * always; the address's and the account's unless this address is known good for this name.
 */
export async function assertNotThrottled(
  db: Executor,
  attempt: SignInAttempt,
  accountLockedUntil: Date | null,
): Promise<Standing> {
  const device = await knownDevice(db, attempt);
  if (device) {
    if (isLocked(device.lockedUntil)) throw lockedError(device.lockedUntil);
    return { knownDevice: true };
  }
  const rows = await db
    .select({
      subject: t.subject,
      lockedUntil: t.lockedUntil,
      knownGood: sql<boolean>`coalesce(${t.lastSuccessAt} > now() - make_interval(days => ${KNOWN_GOOD_DAYS}), false)`,
    })
    .from(t)
    .where(and(eq(t.address, attempt.address), or(eq(t.subject, attempt.subject), eq(t.subject, ANY_NAME))));
  const pair = rows.find((r) => r.subject === attempt.subject);
  if (isLocked(pair?.lockedUntil)) throw lockedError(pair.lockedUntil);
  if (pair?.knownGood) return { knownDevice: false };
  const address = rows.find((r) => r.subject === ANY_NAME);
  const held = [address?.lockedUntil, accountLockedUntil].filter(isLocked);
  if (held.length > 0) throw lockedError(new Date(Math.max(...held.map((d) => d.getTime()))));
  return { knownDevice: false };
}

/** `base` minutes doubled per failure past `limit`, at most `max`; the expression of a new lock's end. */
const backoff = (failures: SQL, limit: number, base: number, max: number) =>
  sql`now() + make_interval(mins => least(${base} * power(2, ${failures} - ${limit}), ${max})::int)`;

/**
 * Counts one failure of `subject` from `address` (the count starts again after `window` without one);
 * from the `limit`th on it holds the pair for `base` minutes, doubling, at most `max`.
 */
export async function countFailure(
  tx: Executor,
  subject: string,
  address: string,
  rule: { limit: number; base: number; max: number; window: string },
) {
  const failures = sql`case when ${t.lastFailureAt} is null or ${t.lastFailureAt} < now() - ${rule.window}::interval then 1 else ${t.failures} + 1 end`;
  const [row] = await tx
    .insert(t)
    .values({
      subject,
      address,
      failures: 1,
      lastFailureAt: sql`now()`,
    })
    .onConflictDoUpdate({
      target: [t.subject, t.address],
      set: {
        failures,
        lockedUntil: sql`case when ${failures} >= ${rule.limit} then ${backoff(failures, rule.limit, rule.base, rule.max)} else ${t.lockedUntil} end`,
        lastFailureAt: sql`now()`,
      },
    })
    .returning({ failures: t.failures, lockedUntil: t.lockedUntil });
  return row!;
}

/**
 * Counts a wrong password (or an unknown name) against the pair and the address. Returns the
 * pair's new lock when this failure set one, for the audit.
 */
export async function registerFailedAttempt(
  tx: Executor,
  attempt: SignInAttempt,
  standing: Standing = { knownDevice: false },
): Promise<{ minutes: number } | null> {
  // A known device's wrong passwords are its own: they do not hold the address the attacker shares.
  const counted = standing.knownDevice && attempt.device ? attempt.device : attempt.address;
  const pair = await countFailure(tx, attempt.subject, counted, {
    limit: PAIR_MAX_FAILURES,
    base: PAIR_LOCK_MINUTES,
    max: PAIR_MAX_LOCK_MINUTES,
    window: PAIR_WINDOW,
  });
  await countFailure(tx, ANY_NAME, attempt.address, {
    limit: ADDRESS_MAX_FAILURES,
    base: 1,
    max: ADDRESS_MAX_LOCK_MINUTES,
    window: ADDRESS_WINDOW,
  });
  if (pair.failures < PAIR_MAX_FAILURES || !pair.lockedUntil) return null;
  return { minutes: Math.round((pair.lockedUntil.getTime() - Date.now()) / 60_000) };
}

/** A right password: the pair's count starts again; the address (and the device) become known good for the name. */
export async function registerGoodAttempt(tx: Executor, attempt: SignInAttempt): Promise<void> {
  const addresses = attempt.device ? [attempt.address, attempt.device] : [attempt.address];
  for (const address of addresses)
    await tx
      .insert(t)
      .values({ subject: attempt.subject, address, failures: 0, lastSuccessAt: sql`now()` })
      .onConflictDoUpdate({
        target: [t.subject, t.address],
        set: { failures: 0, lockedUntil: null, lastSuccessAt: sql`now()` },
      });
}

/** Lifts every pair lock of a name (an administrator set a new password); returns whether one held. */
export async function clearPairLocks(tx: Executor, scope: SignInScope, name: string): Promise<boolean> {
  const { subject } = signInAttempt(scope, name, '');
  const [held] = await tx
    .select({ subject: t.subject })
    .from(t)
    .where(and(eq(t.subject, subject), sql`${t.lockedUntil} > now()`))
    .limit(1);
  await tx.update(t).set({ failures: 0, lockedUntil: null }).where(eq(t.subject, subject));
  return held !== undefined;
}

/**
 * The account-wide count (on the account's own row): each failure counts, the
 * ACCOUNT_MAX_FAILURESth and every later one holds the account (for addresses not known good).
 */
export function accountFailureUpdate(columns: { failedLogins: AnyColumn; lockedUntil: AnyColumn }): {
  failedLogins: SQL;
  lockedUntil: SQL;
} {
  const failures = sql`${columns.failedLogins} + 1`;
  return {
    failedLogins: failures,
    lockedUntil: sql`case when ${failures} >= ${ACCOUNT_MAX_FAILURES} then ${backoff(failures, ACCOUNT_MAX_FAILURES, 1, ACCOUNT_MAX_LOCK_MINUTES)} else ${columns.lockedUntil} end`,
  };
}

/** Minutes of an account hold that a failure just set, or null (for the audit). */
export const accountLockMinutes = (row: { failedLogins: number; lockedUntil: Date | null } | undefined) =>
  row && row.failedLogins >= ACCOUNT_MAX_FAILURES && isLocked(row.lockedUntil)
    ? Math.round((row.lockedUntil.getTime() - Date.now()) / 60_000)
    : null;

/** The account-wide count starts again after a right password. */
export const accountSuccessUpdate = { failedLogins: 0, lockedUntil: null } as const;

/** Daily clean-up: rows with nothing to hold or remember. */
export async function forgetStaleThrottles(tx: Executor): Promise<number> {
  const removed = await tx
    .delete(t)
    .where(
      sql`(${t.lockedUntil} is null or ${t.lockedUntil} < now())
        and (${t.lastFailureAt} is null or ${t.lastFailureAt} < now() - ${PAIR_WINDOW}::interval)
        and (${t.lastSuccessAt} is null or ${t.lastSuccessAt} < now() - make_interval(days => ${KNOWN_GOOD_DAYS}))`,
    )
    .returning({ subject: t.subject });
  return removed.length;
}
