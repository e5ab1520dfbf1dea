import {
  type LoginAnswer,
  type LoginResponse,
  type StaffPreferences,
  type StaffProfile,
  staffPreferences,
} from '@app/contract/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client';
import { type Actor, audit } from '../../lib/audit';
import { unauthorized } from '../../lib/errors';
import { decoyHash, hashPassword, verifyPassword } from '../../lib/passwords';
import {
  accountLockMinutes,
  assertNotThrottled,
  registerFailedAttempt,
  registerGoodAttempt,
  type Standing,
  signInAttempt,
} from '../../lib/sign-in-throttle';
import { hashToken, newToken, tokenFromHeader } from '../../lib/tokens';
import * as repo from './auth.repository';
import { openChallenge } from './second-factor';

const INVALID = 'Invalid email or password';
/** Re-stamping `last_seen_at` on every request would make every read a write. */
const TOUCH_AFTER_MS = 60_000;

export interface StaffPrincipal {
  id: number;
  name: string;
  email: string;
  mobile: string | null;
  role: string;
  roleName: string;
  permissions: ReadonlySet<string>;
  sessionId: number;
  tokenHash: string;
}

export const profileOf = (p: Omit<StaffPrincipal, 'sessionId' | 'tokenHash'>): StaffProfile => ({
  id: p.id,
  name: p.name,
  email: p.email,
  mobile: p.mobile,
  role: p.role,
  roleName: p.roleName,
  permissions: [...p.permissions],
});

interface Client {
  ip: string;
  userAgent: string | null;
}

export async function login(
  app: FastifyInstance,
  email: string,
  password: string,
  client: Client,
  deviceToken: string,
): Promise<LoginAnswer> {
  const { db } = app.database;
  const account = await repo.findStaffByEmail(db, email);
  const event = { email: email.toLowerCase(), staffId: account?.id ?? null, ...client };
  const attempt = signInAttempt('staff', email, client.ip, deviceToken);

  let standing: Standing;
  try {
    standing = await assertNotThrottled(db, attempt, account?.lockedUntil ?? null);
  } catch (error) {
    await repo.recordSignIn(db, { ...event, outcome: 'locked' });
    throw error;
  }
  // Hashing happens before any transaction: a slow step inside one holds a pooled connection.
  const valid = await verifyPassword(account?.passwordHash ?? (await decoyHash()), password);
  if (!account || !valid || !account.active) {
    await db.transaction(async (tx) => {
      await repo.recordSignIn(tx, {
        ...event,
        outcome: account?.active === false ? 'inactive' : 'bad_credentials',
      });
      const pairLock = await registerFailedAttempt(tx, attempt, standing);
      const accountLock = account ? accountLockMinutes(await repo.registerFailure(tx, account.id)) : null;
      const actor: Actor = { id: null, role: null, requestId: null };
      // Who was locked out and from where: the account for every address not known good, or one address.
      if (account && accountLock !== null)
        await audit(tx, actor, {
          action: 'staff.locked',
          entity: 'staff',
          entityId: account.id,
          after: { minutes: accountLock, scope: 'account' },
        });
      if (account && pairLock)
        await audit(tx, actor, {
          action: 'staff.locked',
          entity: 'staff',
          entityId: account.id,
          after: {
            minutes: pairLock.minutes,
            scope: standing.knownDevice ? 'device' : 'address',
            address: client.ip,
          },
        });
    });
    throw unauthorized(INVALID);
  }

  // The password was right: its counts start again; a second factor, when needed, comes next.
  return db.transaction(async (tx) => {
    await repo.registerSuccess(tx, account.id);
    await registerGoodAttempt(tx, attempt);
    if (account.totpEnrolled || account.mfaRequired) {
      await repo.recordSignIn(tx, { ...event, outcome: 'second_factor' });
      return openChallenge(tx, account.id, account.totpEnrolled ? 'totp' : 'enrol', client);
    }
    return openSession(tx, account.id, client);
  });
}

/** A session for a staff account that has passed every step of sign-in, in the shell spec's shape. */
export async function openSession(tx: Executor, staffId: number, client: Client): Promise<LoginResponse> {
  const account = await repo.findStaffById(tx, staffId);
  if (!account?.active) throw unauthorized(INVALID);
  const token = newToken();
  await repo.createSession(tx, { tokenHash: hashToken(token), staffId, ...client });
  await repo.recordSignIn(tx, { email: account.email.toLowerCase(), staffId, outcome: 'success', ...client });
  const permissions = new Set(account.permissions);
  return {
    token,
    userRole: account.role,
    roleName: account.roleName,
    email: account.email,
    data: profileOf({ ...account, permissions }),
  };
}

/** The staff member behind the request's token, reading the role afresh so role changes apply at once. */
export async function resolveStaffSession(
  app: FastifyInstance,
  request: FastifyRequest,
  { touch }: { touch: boolean },
): Promise<StaffPrincipal | null> {
  const token = tokenFromHeader(request.headers.authorization);
  if (!token) return null;
  const tokenHash = hashToken(token);
  const row = await repo.findLiveSession(app.database.db, tokenHash);
  if (!row) return null;
  if (touch && Date.now() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await repo.touchSession(app.database.db, row.sessionId);
  }
  return { ...row, permissions: new Set(row.permissions), sessionId: row.sessionId, tokenHash };
}

export async function logout(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const token = tokenFromHeader(request.headers.authorization);
  if (token) await repo.endSessionByHash(app.database.db, hashToken(token));
}

/** Sets the caller's password and ends their other sessions; this session stays signed in. */
export async function updatePassword(
  app: FastifyInstance,
  me: StaffPrincipal,
  actor: Actor,
  password: string,
) {
  const passwordHash = await hashPassword(password);
  await app.database.db.transaction(async (tx) => {
    await repo.setPasswordHash(tx, me.id, passwordHash);
    await repo.endSessionsOfStaff(tx, me.id, me.sessionId);
    await audit(tx, actor, { action: 'staff.password_changed', entity: 'staff', entityId: me.id });
  });
}

/** What is stored, read through the contract: a preference no longer known is left out, never an error. */
const knownPreferences = (stored: unknown): StaffPreferences => {
  const values = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const known: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(staffPreferences.shape)) {
    const parsed = field.safeParse(values[key]);
    if (parsed.success && parsed.data !== undefined) known[key] = parsed.data;
  }
  return known as StaffPreferences;
};

/** The signed-in staff member's own preferences (no one reads or writes another's). */
export async function preferences(app: FastifyInstance, staffId: number): Promise<StaffPreferences> {
  return knownPreferences(await repo.preferencesOf(app.database.db, staffId));
}

/** Changes the preferences named in the body, for the signed-in staff member only. */
export async function savePreferences(
  app: FastifyInstance,
  staffId: number,
  values: StaffPreferences,
): Promise<StaffPreferences> {
  return knownPreferences(await repo.mergePreferences(app.database.db, staffId, values));
}
