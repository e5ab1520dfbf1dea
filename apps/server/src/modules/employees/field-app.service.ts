import { BDE_ENTITY } from '@app/contract/employees';
import {
  type CheckInBody,
  type CheckOutBody,
  FIELD_MESSAGES as F,
  type FieldMemberBody,
  type FieldMemberRow,
  type FieldProfile,
  type VisitRow,
} from '@app/contract/field';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor, Tx } from '../../db/client';
import { bdes, employees, fieldOnboardings, fieldSessions, fieldVisits } from '../../db/schema/employees';
import { type Actor, audit } from '../../lib/audit';
import { AppError, conflict, fieldError, notFound, unauthorized } from '../../lib/errors';
import { type IdempotencyContext, idempotent } from '../../lib/idempotency';
import { decoyHash, verifyPassword } from '../../lib/passwords';
import {
  accountFailureUpdate,
  accountLockMinutes,
  accountSuccessUpdate,
  assertNotThrottled,
  registerFailedAttempt,
  registerGoodAttempt,
  signInAttempt,
} from '../../lib/sign-in-throttle';
import { claimFile } from '../files';
import { byMobile, createMember, findMemberBy, memberCodeOf } from '../members';
import { achievedThisMonth } from './bdes.repository';
import { createFieldSession } from './field-sessions';
import { distanceMetres, farFlag, territoryFlag } from './visit-flags';
import { findVisit } from './visits.repository';

/** Field-app writes are audited as the BDE: no staff id, the role `bde`, the employee in `after`. */
const bdeActor = (requestId: string): Actor => ({ id: null, role: 'bde', requestId });

/**
 * Signs a BDE in with mobile and field-app password; unknown mobiles cost the same hashing and are
 * counted the same. Wrong passwords are throttled as staff sign-ins are (lib/sign-in-throttle): by
 * mobile and address, by address, and by account, so that a guesser cannot lock the BDE out.
 */
export async function login(app: FastifyInstance, mobile: string, password: string, address: string) {
  const { db } = app.database;
  const [account] = await db
    .select({
      id: employees.id,
      passwordHash: bdes.passwordHash,
      lockedUntil: bdes.lockedUntil,
      active: sql<boolean>`${bdes.active} and ${employees.status} = 'active'`,
    })
    .from(employees)
    .innerJoin(bdes, eq(bdes.employeeId, employees.id))
    .where(eq(employees.mobile, mobile));
  const attempt = signInAttempt('field', mobile, address);
  await assertNotThrottled(db, attempt, account?.lockedUntil ?? null);
  // Hashing happens before any transaction: a slow step inside one holds a pooled connection.
  const valid = await verifyPassword(account?.passwordHash ?? (await decoyHash()), password);
  if (!account || !valid) {
    await db.transaction(async (tx) => {
      const pairLock = await registerFailedAttempt(tx, attempt);
      if (!account) return;
      const [row] = await tx
        .update(bdes)
        .set(accountFailureUpdate(bdes))
        .where(eq(bdes.employeeId, account.id))
        .returning({ failedLogins: bdes.failedLogins, lockedUntil: bdes.lockedUntil });
      const accountLock = accountLockMinutes(row);
      // As a staff lock is audited: by no one, on the BDE.
      const actor = { id: null, role: null, requestId: null };
      if (accountLock !== null)
        await audit(tx, actor, {
          action: 'bde.locked',
          entity: BDE_ENTITY,
          entityId: account.id,
          after: { minutes: accountLock, scope: 'account' },
        });
      if (pairLock)
        await audit(tx, actor, {
          action: 'bde.locked',
          entity: BDE_ENTITY,
          entityId: account.id,
          after: { minutes: pairLock.minutes, scope: 'address', address },
        });
    });
    throw unauthorized(F.invalid);
  }
  if (!account.active) throw new AppError(403, 'field_access_off', 'Field-app access is turned off for you');
  return db.transaction(async (tx) => {
    await tx.update(bdes).set(accountSuccessUpdate).where(eq(bdes.employeeId, account.id));
    await registerGoodAttempt(tx, attempt);
    return { token: await createFieldSession(tx, account.id) };
  });
}

export async function profileOf(app: FastifyInstance, me: number): Promise<FieldProfile> {
  const { db } = app.database;
  const [row] = await db
    .select({
      id: employees.id,
      code: employees.code,
      name: employees.name,
      mobile: employees.mobile,
      states: bdes.states,
      districts: bdes.districts,
      pincodes: bdes.pincodes,
      monthlyTarget: bdes.monthlyTarget,
      achieved: achievedThisMonth(bdes.employeeId),
      openVisitId: sql<
        number | null
      >`(select max(v.id)::int from ${fieldVisits} v where v.employee_id = ${employees.id} and v.check_out_at is null)`,
    })
    .from(employees)
    .innerJoin(bdes, eq(bdes.employeeId, employees.id))
    .where(eq(employees.id, me));
  if (!row) throw unauthorized();
  const { states, districts, pincodes, ...rest } = row;
  return { ...rest, territory: { states, districts, pincodes } };
}

/** The BDE's row, locked: a BDE's check-ins and onboardings run one at a time. */
async function lockMe(tx: Executor, me: number) {
  const [row] = await tx
    .select({ states: bdes.states, districts: bdes.districts, pincodes: bdes.pincodes })
    .from(bdes)
    .where(eq(bdes.employeeId, me))
    .for('update');
  if (!row) throw unauthorized();
  return row;
}

const visitOf = async (tx: Executor, id: number): Promise<VisitRow> => (await findVisit(tx, id))!;

/** Check-in: one open visit at a time; photos are the BDE's own `visit_photo` uploads. */
export async function checkIn(
  app: FastifyInstance,
  me: number,
  requestId: string,
  body: CheckInBody,
  ctx: IdempotencyContext,
) {
  return idempotent(app, ctx, async (tx: Tx) => {
    const territory = await lockMe(tx, me);
    const [open] = await tx
      .select({ id: fieldVisits.id })
      .from(fieldVisits)
      .where(and(eq(fieldVisits.employeeId, me), isNull(fieldVisits.checkOutAt)));
    if (open) throw conflict(`${F.openVisit} (visit ${open.id})`, { visit: F.openVisit });
    for (const [i, photoId] of body.photoIds.entries())
      await claimFile(tx, photoId, {
        purpose: 'visit_photo',
        owner: { employeeId: me },
        field: `photoIds.${i}`,
      });
    const flag = territoryFlag(territory, body.place);
    const [visit] = await tx
      .insert(fieldVisits)
      .values({
        employeeId: me,
        type: body.type,
        party: body.party,
        placeState: body.place?.state ?? null,
        placeDistrict: body.place?.district ?? null,
        placePincode: body.place?.pincode ?? null,
        checkInLat: body.lat,
        checkInLng: body.lng,
        checkInAccuracy: body.accuracy ?? null,
        note: body.note ?? null,
        photoIds: body.photoIds,
        flagReasons: flag ? [flag] : [],
      })
      .returning({ id: fieldVisits.id });
    await audit(tx, bdeActor(requestId), {
      action: 'visit.checked_in',
      entity: 'field_visit',
      entityId: visit!.id,
      after: { employeeId: me, type: body.type, party: body.party, flagged: Boolean(flag) },
    });
    return visitOf(tx, visit!.id);
  });
}

/** Check-out of one's own open visit; a check-out far from the check-in flags the visit. */
export async function checkOut(
  app: FastifyInstance,
  me: number,
  requestId: string,
  visitId: number,
  body: CheckOutBody,
  ctx: IdempotencyContext,
) {
  return idempotent(app, ctx, async (tx: Tx) => {
    const [visit] = await tx
      .select({
        lat: fieldVisits.checkInLat,
        lng: fieldVisits.checkInLng,
        checkedOut: sql<boolean>`${fieldVisits.checkOutAt} is not null`,
        flagReasons: fieldVisits.flagReasons,
      })
      .from(fieldVisits)
      .where(and(eq(fieldVisits.id, visitId), eq(fieldVisits.employeeId, me)))
      .for('update');
    if (!visit) throw notFound('Visit');
    if (visit.checkedOut) throw conflict(F.checkedOut);
    const metres = Math.round(distanceMetres(visit, body));
    const flag = farFlag(metres);
    await tx
      .update(fieldVisits)
      .set({
        checkOutAt: sql`greatest(now(), ${fieldVisits.checkInAt})`,
        checkOutLat: body.lat,
        checkOutLng: body.lng,
        checkOutAccuracy: body.accuracy ?? null,
        checkOutNotes: body.notes ?? null,
        distanceMetres: metres,
        flagReasons: flag ? [...visit.flagReasons, flag] : visit.flagReasons,
      })
      .where(eq(fieldVisits.id, visitId));
    await audit(tx, bdeActor(requestId), {
      action: 'visit.checked_out',
      entity: 'field_visit',
      entityId: visitId,
      after: { employeeId: me, distanceMetres: metres, flagged: Boolean(flag) },
    });
    return visitOf(tx, visitId);
  });
}

/**
 * Onboards a member from the field: pending approval like a self-registration, assigned to this BDE,
 * and counted against the BDE's monthly target (field_onboardings).
 */
export async function onboardMember(
  app: FastifyInstance,
  me: number,
  requestId: string,
  body: FieldMemberBody,
  ctx: IdempotencyContext,
) {
  const taken = () => conflict('This mobile number is already registered', { mobile: 'Already registered' });
  return idempotent(
    app,
    ctx,
    async (tx: Tx): Promise<FieldMemberRow> => {
      await lockMe(tx, me);
      if (body.visitId !== undefined) {
        const [visit] = await tx
          .select({ id: fieldVisits.id })
          .from(fieldVisits)
          .where(and(eq(fieldVisits.id, body.visitId), eq(fieldVisits.employeeId, me)));
        if (!visit) throw fieldError('visitId', 'Not one of your visits');
      }
      const id = await createMember(tx, { ...body, bdeId: me });
      if (id === undefined) throw taken();
      const [onboarding] = await tx
        .insert(fieldOnboardings)
        .values({ memberId: id, employeeId: me, visitId: body.visitId ?? null })
        .returning({ createdAt: fieldOnboardings.createdAt });
      await audit(tx, bdeActor(requestId), {
        action: 'member.onboarded',
        entity: 'member',
        entityId: id,
        after: { employeeId: me, visitId: body.visitId ?? null, status: 'pending' },
      });
      return {
        id,
        code: memberCodeOf(id),
        name: body.name,
        mobile: body.mobile,
        type: body.type,
        district: body.address.district,
        state: body.address.state,
        pincode: body.address.pincode,
        status: 'pending',
        visitId: body.visitId ?? null,
        onboardedAt: onboarding!.createdAt.toISOString(),
      };
    },
    async () => {
      if (await findMemberBy(app.database.db, byMobile(body.mobile))) throw taken();
    },
  );
}

export async function logout(app: FastifyInstance, sessionId: number): Promise<void> {
  await app.database.db
    .update(fieldSessions)
    .set({ endedAt: sql`now()` })
    .where(eq(fieldSessions.id, sessionId));
}
