import {
  BDE_ENTITY,
  type BdeCreateBody,
  type BdeRow,
  type BdeUpdateBody,
  BDE_MESSAGES as M,
} from '@app/contract/employees';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { bdes, employees } from '../../db/schema/employees';
import { type Actor, audit } from '../../lib/audit';
import { conflict, fieldError, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { accountSuccessUpdate, clearPairLocks } from '../../lib/sign-in-throttle';
import * as repo from './bdes.repository';
import { lockEmployee } from './employees.repository';
import { endFieldSessionsOf } from './field-sessions';

export const bdeList = repo.bdeList;
export const bdeMemberList = repo.bdeMemberList;

export async function getBde(app: FastifyInstance, id: number): Promise<BdeRow> {
  const row = await repo.findBde(app.database.db, id);
  if (!row) throw notFound('BDE');
  return row;
}

export const bdeOptions = (app: FastifyInstance) => repo.bdeOptions(app.database.db);

/** Makes an active employee a BDE with a territory, a monthly target and a field-app password. */
export async function createBde(app: FastifyInstance, actor: Actor, body: BdeCreateBody) {
  // Hashing happens before the transaction: slow work never sits inside one.
  const passwordHash = await hashPassword(body.password);
  await app.database.db.transaction(async (tx) => {
    const employee = await lockEmployee(tx, body.employeeId);
    if (!employee) throw fieldError('employeeId', M.notEmployee);
    if (employee.status !== 'active') throw fieldError('employeeId', M.inactiveEmployee);
    const [inserted] = await tx
      .insert(bdes)
      .values({
        employeeId: body.employeeId,
        ...body.territory,
        monthlyTarget: body.monthlyTarget,
        passwordHash,
      })
      .onConflictDoNothing()
      .returning({ id: bdes.employeeId });
    if (!inserted) throw conflict(M.alreadyBde, { employeeId: M.alreadyBde });
    await audit(tx, actor, {
      action: 'bde.created',
      entity: BDE_ENTITY,
      entityId: body.employeeId,
      after: { territory: body.territory, monthlyTarget: body.monthlyTarget },
    });
  });
  return getBde(app, body.employeeId);
}

/** Territory, target and field-app status; deactivating signs the BDE out of the field app. */
export async function updateBde(app: FastifyInstance, actor: Actor, id: number, body: BdeUpdateBody) {
  await app.database.db.transaction(async (tx) => {
    const before = await repo.lockBde(tx, id);
    if (!before) throw notFound('BDE');
    const changes = {
      ...(body.territory ?? {}),
      ...(body.monthlyTarget !== undefined ? { monthlyTarget: body.monthlyTarget } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
    };
    if (Object.keys(changes).length === 0) return;
    await tx
      .update(bdes)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(bdes.employeeId, id));
    if (body.active === false) await endFieldSessionsOf(tx, id);
    const { id: _id, employeeStatus: _s, ...old } = before;
    await audit(tx, actor, {
      action: 'bde.updated',
      entity: BDE_ENTITY,
      entityId: id,
      before: Object.fromEntries(Object.keys(changes).map((k) => [k, old[k as keyof typeof old]])),
      after: changes,
    });
  });
  return getBde(app, id);
}

/** A new password from an administrator lifts the BDE's sign-in locks (the account's and every address's). */
async function clearFieldLocks(tx: Executor, id: number) {
  await tx.update(bdes).set(accountSuccessUpdate).where(eq(bdes.employeeId, id));
  const [row] = await tx.select({ mobile: employees.mobile }).from(employees).where(eq(employees.id, id));
  if (row?.mobile) await clearPairLocks(tx, 'field', row.mobile);
}

/** Sets or resets the field-app password and lifts its locks; the BDE's open field sessions end. */
export async function setPassword(app: FastifyInstance, actor: Actor, id: number, password: string) {
  const passwordHash = await hashPassword(password);
  await app.database.db.transaction(async (tx) => {
    if (!(await repo.lockBde(tx, id))) throw notFound('BDE');
    await tx
      .update(bdes)
      .set({ passwordHash, passwordSetAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(bdes.employeeId, id));
    await endFieldSessionsOf(tx, id);
    await clearFieldLocks(tx, id);
    await audit(tx, actor, { action: 'bde.password_set', entity: BDE_ENTITY, entityId: id });
  });
  return getBde(app, id);
}

/** Assigns members to this BDE (whoever had them); one audit entry per member moved. */
export async function assignMembers(app: FastifyInstance, actor: Actor, id: number, memberIds: number[]) {
  return app.database.db.transaction(async (tx) => {
    const bde = await repo.lockBde(tx, id);
    if (!bde) throw notFound('BDE');
    if (!bde.active || bde.employeeStatus !== 'active') throw conflict(M.targetBde);
    const before = await repo.assignMembers(tx, memberIds, id);
    if (before.length !== memberIds.length)
      throw fieldError('memberIds', 'Some of these members do not exist');
    for (const m of before)
      if (m.bdeId !== id)
        await audit(tx, actor, {
          action: 'member.bde_assigned',
          entity: 'member',
          entityId: m.id,
          before: { bdeId: m.bdeId },
          after: { bdeId: id },
        });
    return { moved: before.filter((m) => m.bdeId !== id).length };
  });
}

/** Moves this BDE's members (the given ones, or all) to another active BDE. */
export async function moveMembers(
  app: FastifyInstance,
  actor: Actor,
  id: number,
  body: { toBdeId: number; memberIds?: number[] },
) {
  if (body.toBdeId === id) throw fieldError('toBdeId', M.sameBde);
  return app.database.db.transaction(async (tx) => {
    // Both BDE rows locked in id order, so two opposite moves cannot deadlock.
    const [first, second] = [id, body.toBdeId].sort((a, b) => a - b);
    const locked = new Map([
      [first!, await repo.lockBde(tx, first!)],
      [second!, await repo.lockBde(tx, second!)],
    ]);
    if (!locked.get(id)) throw notFound('BDE');
    const to = locked.get(body.toBdeId);
    if (!to?.active || to.employeeStatus !== 'active') throw fieldError('toBdeId', M.targetBde);
    const mine = await repo.membersOfBde(tx, id, body.memberIds);
    if (body.memberIds && mine.length !== body.memberIds.length)
      throw fieldError('memberIds', 'Some of these members are not assigned to this BDE');
    if (mine.length === 0) return { moved: 0 };
    await repo.assignMembers(
      tx,
      mine.map((m) => m.id),
      body.toBdeId,
    );
    for (const m of mine)
      await audit(tx, actor, {
        action: 'member.bde_assigned',
        entity: 'member',
        entityId: m.id,
        before: { bdeId: id },
        after: { bdeId: body.toBdeId },
      });
    return { moved: mine.length };
  });
}
