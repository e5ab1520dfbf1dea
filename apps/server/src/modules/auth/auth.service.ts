import type { LoginResponse, StaffProfile } from '@app/contract/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Actor, audit } from '../../lib/audit';
import { unauthorized } from '../../lib/errors';
import { decoyHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { isLocked, LOCK_MINUTES, lockedError } from '../../lib/sign-in-lockout';
import { hashToken, newToken, tokenFromHeader } from '../../lib/tokens';
import * as repo from './auth.repository';

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
): Promise<LoginResponse> {
  const { db } = app.database;
  const account = await repo.findStaffByEmail(db, email);
  const event = { email: email.toLowerCase(), staffId: account?.id ?? null, ...client };

  if (!account) {
    await verifyPassword(await decoyHash(), password);
    await repo.recordSignIn(db, { ...event, outcome: 'bad_credentials' });
    throw unauthorized(INVALID);
  }
  if (isLocked(account.lockedUntil)) {
    await repo.recordSignIn(db, { ...event, outcome: 'locked' });
    throw lockedError(account.lockedUntil);
  }
  // Hashing happens before any transaction: on PGlite a slow step inside one stalls every request.
  const valid = await verifyPassword(account.passwordHash, password);
  if (!valid || !account.active) {
    await db.transaction(async (tx) => {
      await repo.recordSignIn(tx, { ...event, outcome: account.active ? 'bad_credentials' : 'inactive' });
      if (!account.active) return;
      const locked = await repo.registerFailure(tx, account.id);
      if (locked) {
        const actor: Actor = { id: null, role: null, requestId: null };
        await audit(tx, actor, {
          action: 'staff.locked',
          entity: 'staff',
          entityId: account.id,
          after: { minutes: LOCK_MINUTES },
        });
      }
    });
    throw unauthorized(INVALID);
  }

  const token = newToken();
  await db.transaction(async (tx) => {
    await repo.createSession(tx, { tokenHash: hashToken(token), staffId: account.id, ...client });
    await repo.registerSuccess(tx, account.id);
    await repo.recordSignIn(tx, { ...event, outcome: 'success' });
  });
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
