import { missingFrom } from '@app/contract/roles';
import {
  STAFF_ENTITY,
  STAFF_MESSAGES,
  type StaffCreateBody,
  type StaffCreated,
  type StaffDetail,
  type StaffPasswordReset,
  type StaffRoleOption,
  type StaffRow,
  type StaffUpdateBody,
} from '@app/contract/staff';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { type Actor, audit } from '../../lib/audit';
import { conflict, fieldError, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { clearPairLocks } from '../../lib/sign-in-throttle';
import { historyOf } from '../audit';
import type { StaffPrincipal } from '../auth';
import { clearSecondFactor, endSessionsOfStaff } from '../auth';
import {
  allRoles,
  assertRolesStillManageable,
  assertWithinRights,
  findRole,
  lockStaffAdministration,
  rightsOf,
} from '../roles';
import { generatePassword } from './staff.passwords';
import * as repo from './staff.repository';

const ABOVE_YOU = 'This account’s role has rights you do not hold';
const CANNOT_ASSIGN = 'You cannot assign a role with rights you do not hold';

/** What the audit log keeps of an account: never the password hash. */
const snapshot = (s: StaffRow) => ({
  name: s.name,
  email: s.email,
  mobile: s.mobile,
  roleId: s.roleId,
  role: s.role,
  active: s.active,
});

/** Every role for the forms' role picker, marked with whether the caller may assign it. */
export async function roleOptions(app: FastifyInstance, me: StaffPrincipal): Promise<StaffRoleOption[]> {
  const rights = rightsOf(me);
  return (await allRoles(app.database.db)).map(({ permissions, ...role }) => ({
    ...role,
    assignable: missingFrom(rights, permissions).length === 0,
  }));
}

export { signInActivityList, staffList } from './staff.repository';

async function loadRow(tx: Executor, id: number): Promise<StaffRow> {
  const row = await repo.findStaffRow(tx, id);
  if (!row) throw notFound('Staff account');
  return row;
}

export async function getStaff(app: FastifyInstance, id: number): Promise<StaffDetail> {
  const { db } = app.database;
  const row = await loadRow(db, id);
  return { ...row, history: await historyOf(db, STAFF_ENTITY, id) };
}

/** The account to change, refused when its role holds anything the actor does not. */
async function loadForChange(tx: Executor, me: StaffPrincipal, id: number) {
  await lockStaffAdministration(tx);
  const target = await repo.findStaffForChange(tx, id);
  if (!target) throw notFound('Staff account');
  assertWithinRights(rightsOf(me), target.permissions, ABOVE_YOU);
  const { permissions: _, ...row } = target;
  return row;
}

/** The role to assign: it must exist and hold nothing the actor lacks (only almond team assigns almond team). */
async function assignableRole(tx: Executor, me: StaffPrincipal, roleId: number) {
  const role = await findRole(tx, roleId);
  if (!role) throw fieldError('roleId', STAFF_MESSAGES.roleUnknown);
  assertWithinRights(rightsOf(me), role.permissions, CANNOT_ASSIGN, 'roleId');
  return role;
}

export async function createStaff(
  app: FastifyInstance,
  me: StaffPrincipal,
  actor: Actor,
  body: StaffCreateBody,
): Promise<StaffCreated> {
  const password = body.password ?? generatePassword();
  // Hash before the transaction: slow work inside one holds a pooled connection.
  const passwordHash = await hashPassword(password);
  const created = await app.database.db.transaction(async (tx) => {
    await lockStaffAdministration(tx);
    await assignableRole(tx, me, body.roleId);
    if (await repo.emailTaken(tx, body.email))
      throw conflict(STAFF_MESSAGES.emailTaken, { email: STAFF_MESSAGES.emailTaken });
    const { password: _, ...values } = body;
    const id = await repo.insertStaff(tx, { ...values, passwordHash });
    const row = await loadRow(tx, id);
    await audit(tx, actor, {
      action: 'staff.created',
      entity: STAFF_ENTITY,
      entityId: id,
      after: snapshot(row),
    });
    return row;
  });
  return body.password ? created : { ...created, generatedPassword: password };
}

export async function updateStaff(
  app: FastifyInstance,
  me: StaffPrincipal,
  actor: Actor,
  id: number,
  body: StaffUpdateBody,
): Promise<StaffRow> {
  return app.database.db.transaction(async (tx) => {
    const before = await loadForChange(tx, me, id);
    const roleChanges = body.roleId !== undefined && body.roleId !== before.roleId;
    if (roleChanges) await assignableRole(tx, me, body.roleId!);
    const changes = {
      ...(body.name !== undefined && body.name !== before.name ? { name: body.name } : {}),
      ...(body.mobile !== undefined && body.mobile !== before.mobile ? { mobile: body.mobile } : {}),
      ...(roleChanges ? { roleId: body.roleId } : {}),
    };
    if (Object.keys(changes).length === 0) return before;
    await repo.updateStaff(tx, id, changes);
    const after = await loadRow(tx, id);
    await audit(tx, actor, {
      action: 'staff.updated',
      entity: STAFF_ENTITY,
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    if (roleChanges) await assertRolesStillManageable(tx);
    return after;
  });
}

/** Deactivation ends every session of the account in the same transaction: it is out at once. */
export async function setActive(
  app: FastifyInstance,
  me: StaffPrincipal,
  actor: Actor,
  id: number,
  active: boolean,
): Promise<StaffRow> {
  // 409, not 403: a 403 means "your role lacks this page" everywhere in the API.
  if (!active && id === me.id) throw conflict('You cannot deactivate your own account');
  return app.database.db.transaction(async (tx) => {
    const before = await loadForChange(tx, me, id);
    if (before.active === active) return before;
    await repo.updateStaff(tx, id, { active });
    if (!active) await endSessionsOfStaff(tx, id);
    const after = await loadRow(tx, id);
    await audit(tx, actor, {
      action: active ? 'staff.reactivated' : 'staff.deactivated',
      entity: STAFF_ENTITY,
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    if (!active) await assertRolesStillManageable(tx);
    return after;
  });
}

/** Sets (or generates) a new password, lifts any lock and ends the account's sessions. */
export async function resetPassword(
  app: FastifyInstance,
  me: StaffPrincipal,
  actor: Actor,
  id: number,
  given: string | undefined,
): Promise<StaffPasswordReset> {
  if (id === me.id) {
    throw conflict('Use Update Password in the profile menu to change your own password');
  }
  const password = given ?? generatePassword();
  const passwordHash = await hashPassword(password);
  await app.database.db.transaction(async (tx) => {
    const target = await loadForChange(tx, me, id);
    await repo.resetPassword(tx, id, passwordHash);
    const addressLocked = await clearPairLocks(tx, 'staff', target.email);
    await endSessionsOfStaff(tx, id);
    await audit(tx, actor, {
      action: 'staff.password_reset',
      entity: STAFF_ENTITY,
      entityId: id,
      after: { generated: given === undefined, unlocked: target.locked || addressLocked },
    });
  });
  return given ? { id } : { id, generatedPassword: password };
}

/**
 * Clears a staff member's authenticator and recovery codes (lost phone): the route needs
 * `roles.manage` (among built-in roles, the almond team's alone), and it is audited; the account's sessions end, and its next sign-in enrols again if the role
 * requires a second factor.
 */
export async function resetSecondFactor(
  app: FastifyInstance,
  me: StaffPrincipal,
  actor: Actor,
  id: number,
): Promise<StaffRow> {
  return app.database.db.transaction(async (tx) => {
    await loadForChange(tx, me, id);
    if (!(await clearSecondFactor(tx, id))) throw conflict('This account has no authenticator set up');
    await endSessionsOfStaff(tx, id);
    await audit(tx, actor, { action: 'staff.second_factor_reset', entity: STAFF_ENTITY, entityId: id });
    return loadRow(tx, id);
  });
}
