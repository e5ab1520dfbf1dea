import { secondFactorByDefault } from '@app/contract/actions';
import { SUPER_ROLE } from '@app/contract/permissions';
import {
  countPages,
  missingFrom,
  ROLE_ENTITY,
  ROLE_MESSAGES,
  type RoleCreateBody,
  type RoleDetail,
  type RoleRow,
  type RoleUpdateBody,
  SUPER_ROLE_KEEPS,
} from '@app/contract/roles';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { type Actor, audit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import { defineList } from '../../lib/lists/define';
import { historyOf } from '../audit';
import type { StaffPrincipal } from '../auth';
import {
  assertRolesStillManageable,
  assertWithinRights,
  describePermissions,
  rightsOf,
} from './roles.guards';
import * as repo from './roles.repository';

const withPages = <T extends Omit<RoleRow, 'pagesCount' | 'mfaAdvised'>>(
  row: T,
): T & { pagesCount: number; mfaAdvised: boolean } => ({
  mfaAdvised: secondFactorByDefault(row.permissions),
  ...row,
  pagesCount: countPages(row.permissions),
});

/** What the audit log keeps of a role. */
const snapshot = (r: { name: string; label: string; permissions: string[]; mfaRequired: boolean }) => ({
  name: r.name,
  label: r.label,
  permissions: r.permissions,
  mfaRequired: r.mfaRequired,
});

export const roleList = defineList<RoleRow, Parameters<typeof withPages>[0]>({
  ...repo.roleListDeclaration,
  map: withPages,
  computed: { pagesCount: { label: 'Pages', format: 'int', width: 8, cell: (row) => row.pagesCount } },
});

async function loadRow(tx: Executor, id: number): Promise<RoleRow> {
  const row = await repo.findRoleRow(tx, id);
  if (!row) throw notFound('Role');
  return withPages(row);
}

export async function getRole(app: FastifyInstance, id: number): Promise<RoleDetail> {
  const { db } = app.database;
  const row = await loadRow(db, id);
  return { ...row, history: await historyOf(db, ROLE_ENTITY, id) };
}

export async function createRole(
  app: FastifyInstance,
  me: StaffPrincipal,
  actor: Actor,
  body: RoleCreateBody,
): Promise<RoleRow> {
  assertWithinRights(
    rightsOf(me),
    body.permissions,
    'You cannot grant permissions you do not hold',
    'permissions',
  );
  return app.database.db.transaction(async (tx) => {
    await repo.lockStaffAdministration(tx);
    if (await repo.findRoleByName(tx, body.name))
      throw conflict(ROLE_MESSAGES.nameTaken, { name: ROLE_MESSAGES.nameTaken });
    const values = { ...body, mfaRequired: body.mfaRequired ?? secondFactorByDefault(body.permissions) };
    const id = await repo.insertRole(tx, values);
    await audit(tx, actor, {
      action: 'role.created',
      entity: ROLE_ENTITY,
      entityId: id,
      after: snapshot(values),
    });
    return loadRow(tx, id);
  });
}

/** The super role keeps User Roles and its group whatever an edit says: nobody locks everyone out. */
function assertSuperRoleKeeps(roleName: string, permissions: readonly string[]) {
  if (roleName !== SUPER_ROLE) return;
  const lost = missingFrom(new Set(permissions), SUPER_ROLE_KEEPS);
  if (lost.length === 0) return;
  const message = `The ${SUPER_ROLE} role must keep ${describePermissions(lost)}`;
  throw conflict(message, { permissions: message });
}

export async function updateRole(
  app: FastifyInstance,
  me: StaffPrincipal,
  actor: Actor,
  id: number,
  body: RoleUpdateBody,
): Promise<RoleRow> {
  return app.database.db.transaction(async (tx) => {
    await repo.lockStaffAdministration(tx);
    const before = await repo.findRole(tx, id);
    if (!before) throw notFound('Role');
    assertWithinRights(rightsOf(me), before.permissions, 'This role has rights you do not hold');
    if (body.permissions) {
      assertWithinRights(
        rightsOf(me),
        body.permissions,
        'You cannot grant permissions you do not hold',
        'permissions',
      );
      assertSuperRoleKeeps(before.name, body.permissions);
    }
    const after = {
      ...before,
      label: body.label ?? before.label,
      permissions: body.permissions ?? before.permissions,
      mfaRequired: body.mfaRequired ?? before.mfaRequired,
    };
    if (JSON.stringify(snapshot(after)) === JSON.stringify(snapshot(before))) return loadRow(tx, id);
    await repo.updateRole(tx, id, {
      label: after.label,
      permissions: after.permissions,
      mfaRequired: after.mfaRequired,
    });
    await audit(tx, actor, {
      action: 'role.updated',
      entity: ROLE_ENTITY,
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    await assertRolesStillManageable(tx);
    return loadRow(tx, id);
  });
}

export async function deleteRole(app: FastifyInstance, me: StaffPrincipal, actor: Actor, id: number) {
  await app.database.db.transaction(async (tx) => {
    await repo.lockStaffAdministration(tx);
    const role = await repo.findRole(tx, id);
    if (!role) throw notFound('Role');
    if (role.builtIn) throw conflict('Built-in roles cannot be deleted');
    assertWithinRights(rightsOf(me), role.permissions, 'This role has rights you do not hold');
    const inUse = await repo.countStaffWithRole(tx, id);
    if (inUse > 0) {
      throw conflict(
        `This role is in use by ${inUse} staff account${inUse === 1 ? '' : 's'}; move them to another role first`,
      );
    }
    await repo.deleteRole(tx, id);
    await audit(tx, actor, {
      action: 'role.deleted',
      entity: ROLE_ENTITY,
      entityId: id,
      before: snapshot(role),
    });
  });
}
