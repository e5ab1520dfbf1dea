import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { roles, sessions, signInEvents, staff } from '../../db/schema/staff';
import { accountFailureUpdate, accountSuccessUpdate } from '../../lib/sign-in-throttle';

export const IDLE_TIMEOUT = '8 hours';
export const ABSOLUTE_TIMEOUT = '7 days';

const staffWithRole = {
  id: staff.id,
  name: staff.name,
  email: staff.email,
  mobile: staff.mobile,
  active: staff.active,
  passwordHash: staff.passwordHash,
  failedLogins: staff.failedLogins,
  lockedUntil: staff.lockedUntil,
  role: roles.name,
  roleName: roles.label,
  permissions: roles.permissions,
  totpEnrolled: sql<boolean>`${staff.totpSecret} is not null`,
  mfaRequired: roles.mfaRequired,
};

export async function findStaffByEmail(tx: Executor, email: string) {
  const [row] = await tx
    .select(staffWithRole)
    .from(staff)
    .innerJoin(roles, eq(roles.id, staff.roleId))
    .where(sql`lower(${staff.email}) = lower(${email})`);
  return row;
}

export async function findStaffById(tx: Executor, id: number) {
  const [row] = await tx
    .select(staffWithRole)
    .from(staff)
    .innerJoin(roles, eq(roles.id, staff.roleId))
    .where(eq(staff.id, id));
  return row;
}

/**
 * Where the role requires the second step, only a session opened through it counts: one that began
 * once the account's authenticator was set up (from then on every sign-in asks for the code; the
 * enrolment's own session begins in the same transaction). A session from before the role required
 * it, or from before an administrator cleared the authenticator, is refused.
 */
const passedRequiredSecondFactor = or(
  eq(roles.mfaRequired, false),
  sql`${staff.totpEnabledAt} <= ${sessions.createdAt}`,
);

/** The live session of a token hash with its staff account and role, or nothing. */
export async function findLiveSession(tx: Executor, tokenHash: string) {
  const [row] = await tx
    .select({ sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt, ...staffWithRole })
    .from(sessions)
    .innerJoin(staff, eq(staff.id, sessions.staffId))
    .innerJoin(roles, eq(roles.id, staff.roleId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.endedAt),
        eq(staff.active, true),
        gt(sessions.lastSeenAt, sql`now() - ${IDLE_TIMEOUT}::interval`),
        gt(sessions.createdAt, sql`now() - ${ABSOLUTE_TIMEOUT}::interval`),
        passedRequiredSecondFactor,
      ),
    );
  return row;
}

export async function touchSession(tx: Executor, sessionId: number) {
  await tx.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

export async function createSession(
  tx: Executor,
  values: { tokenHash: string; staffId: number; ip: string; userAgent: string | null },
) {
  await tx.insert(sessions).values(values);
}

export async function endSessionByHash(tx: Executor, tokenHash: string) {
  await tx
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.endedAt)));
}

/** Ends every live session of a staff account, optionally sparing one (the caller's own). */
export async function endSessionsOfStaff(tx: Executor, staffId: number, exceptSessionId?: number) {
  await tx
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(
      and(
        eq(sessions.staffId, staffId),
        isNull(sessions.endedAt),
        exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId),
      ),
    );
}

export async function recordSignIn(
  tx: Executor,
  event: { email: string; staffId: number | null; outcome: string; ip: string; userAgent: string | null },
) {
  await tx.insert(signInEvents).values(event);
}

/** Counts a failed attempt against the account (lib/sign-in-throttle); returns the new count and hold. */
export async function registerFailure(tx: Executor, staffId: number) {
  const [row] = await tx
    .update(staff)
    .set(accountFailureUpdate(staff))
    .where(eq(staff.id, staffId))
    .returning({ failedLogins: staff.failedLogins, lockedUntil: staff.lockedUntil });
  return row;
}

export async function registerSuccess(tx: Executor, staffId: number) {
  await tx
    .update(staff)
    .set({ ...accountSuccessUpdate, lastSignInAt: sql`now()` })
    .where(eq(staff.id, staffId));
}

export async function setPasswordHash(tx: Executor, staffId: number, passwordHash: string) {
  await tx.update(staff).set({ passwordHash, updatedAt: sql`now()` }).where(eq(staff.id, staffId));
}

/** One staff member's console preferences (the jsonb as stored). */
export async function preferencesOf(tx: Executor, staffId: number): Promise<unknown> {
  const [row] = await tx.select({ preferences: staff.preferences }).from(staff).where(eq(staff.id, staffId));
  return row?.preferences ?? {};
}

/** Merges the given preferences into the staff member's own; the whole set as it is now. */
export async function mergePreferences(tx: Executor, staffId: number, values: object): Promise<unknown> {
  const [row] = await tx
    .update(staff)
    .set({ preferences: sql`${staff.preferences} || ${JSON.stringify(values)}::jsonb` })
    .where(eq(staff.id, staffId))
    .returning({ preferences: staff.preferences });
  return row?.preferences ?? {};
}
