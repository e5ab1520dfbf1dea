import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { AppError } from './errors';

/**
 * Locking an account against password guessing, one rule for every sign-in (staff, field app):
 * MAX_FAILURES wrong passwords in a row lock it for LOCK_MINUTES, even against the right password;
 * a success before that restarts the count, and so does the lock itself. The account's table keeps
 * `failed_logins` and `locked_until`.
 */
export const MAX_FAILURES = 5;
export const LOCK_MINUTES = 15;

/** Whether an account is locked now. */
export const isLocked = (lockedUntil: Date | null): lockedUntil is Date =>
  lockedUntil !== null && lockedUntil > new Date();

/** The answer to a sign-in on a locked account (423), saying how long is left. */
export function lockedError(lockedUntil: Date): AppError {
  const minutes = Math.ceil((lockedUntil.getTime() - Date.now()) / 60_000);
  return new AppError(
    423,
    'account_locked',
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

/** The update a failed attempt makes: counts it, and the MAX_FAILURESth locks and restarts the count. */
export function failureUpdate(columns: { failedLogins: AnyColumn; lockedUntil: AnyColumn }): {
  failedLogins: SQL;
  lockedUntil: SQL;
} {
  const locks = sql`${columns.failedLogins} + 1 >= ${MAX_FAILURES}`;
  return {
    failedLogins: sql`case when ${locks} then 0 else ${columns.failedLogins} + 1 end`,
    lockedUntil: sql`case when ${locks} then now() + make_interval(mins => ${LOCK_MINUTES}) else ${columns.lockedUntil} end`,
  };
}

/** The update a successful sign-in makes: the count starts again. */
export const successUpdate = { failedLogins: 0, lockedUntil: null } as const;
