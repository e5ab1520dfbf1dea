import { todayInIndia } from '@app/contract/format';
import {
  GIFT_VOUCHER_ENTITY,
  VOUCHER_MESSAGES as M,
  type VoucherBulkBody,
  type VoucherBulkResult,
  type VoucherCreateBody,
  type VoucherRow,
} from '@app/contract/gift-vouchers';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { giftVouchers as v } from '../../db/schema/gift-vouchers';
import { type Actor, audit } from '../../lib/audit';
import { conflict, fieldError, isUniqueViolation, notFound } from '../../lib/errors';
import { decryptText, encryptText } from '../../lib/field-crypto';
import { conditionsOf } from '../../lib/lists/filters';
import * as repo from './gift-vouchers.repository';
import { fulfilWaiting } from './voucher-fulfilment';

export const { voucherList, usedVoucherList, uploadList } = repo;

/** A PIN as stored: ciphertext and its length (the mask), or nothing. */
export const sealPin = (key: Buffer, pin: string | null) =>
  pin ? { pinCipher: encryptText(key, pin), pinLength: pin.length } : { pinCipher: null, pinLength: null };

/** Adds one voucher to stock (audited); a code its brand already has is refused on `code`. */
export async function addVoucher(app: FastifyInstance, actor: Actor, body: VoucherCreateBody) {
  if (body.expiresOn < todayInIndia()) throw fieldError('expiresOn', M.expiryPast);
  const { db } = app.database;
  try {
    return await db.transaction(async (tx) => {
      const [id] = await repo.insertVouchers(
        tx,
        [{ ...body, brand: body.brand.replace(/\s+/g, ' '), ...sealPin(app.config.encryptionKey, body.pin) }],
        { uploadId: null, createdBy: actor.id },
      );
      await audit(tx, actor, {
        action: 'gift_voucher.added',
        entity: GIFT_VOUCHER_ENTITY,
        entityId: id!,
        after: { ...(await repo.findVoucher(tx, id!))!, pinMasked: undefined },
      });
      // New stock goes first to redemptions already waiting for it, oldest first.
      await fulfilWaiting(tx, actor);
      return (await repo.findVoucher(tx, id!))!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(M.codeTaken, { code: M.codeTaken });
    throw error;
  }
}

export async function getVoucher(app: FastifyInstance, id: number): Promise<VoucherRow> {
  const row = await repo.findVoucher(app.database.db, id);
  if (!row) throw notFound('Gift voucher');
  return row;
}

/** The full PIN, for a holder of the reveal action; every reveal is audited. */
export async function revealPin(app: FastifyInstance, actor: Actor, id: number) {
  return app.database.db.transaction(async (tx) => {
    const row = await repo.pinCipherOf(tx, id);
    if (!row) throw notFound('Gift voucher');
    if (!row.pinCipher) throw notFound('PIN of this voucher');
    await audit(tx, actor, {
      action: 'gift_voucher.pin_revealed',
      entity: GIFT_VOUCHER_ENTITY,
      entityId: id,
      after: { status: row.status },
    });
    return { pin: decryptText(app.config, row.pinCipher) };
  });
}

const NEW_STATUS = { void: 'void', expire: 'expired' } as const;

/**
 * Voids or expires available vouchers: the chosen ids, or every voucher the list filter selects.
 * One statement changes them and writes each one's audit entry; an issued voucher is never touched
 * (a concurrent issue holds its row, and the status is checked again after the wait).
 */
export async function retireVouchers(
  app: FastifyInstance,
  actor: Actor,
  body: VoucherBulkBody,
): Promise<VoucherBulkResult> {
  const byFilter = !(body.ids && body.ids.length > 0);
  const filter = Object.entries(body.filter ?? {}).filter(([, value]) => value !== '');
  // An empty filter would select the whole stock: that is never one click away.
  if (byFilter && filter.length === 0) throw fieldError('filter', M.filterRequired);
  const selection: SQL | undefined = !byFilter
    ? inArray(v.id, body.ids!)
    : and(sql`true`, conditionsOf(repo.voucherFilters, Object.fromEntries(filter)));
  const status = NEW_STATUS[body.action];
  return app.database.db.transaction(async (tx) => {
    const selected = await tx.select({ n: sql<number>`count(*)::int` }).from(v).where(selection);
    const changed = await tx.execute<{ id: number }>(sql`
      with changed as (
        update gift_vouchers set status = ${status}, status_reason = ${body.reason}
        where ${selection} and status = 'available'
        returning id
      )
      insert into audit_log (actor_id, actor_role, action, entity, entity_id, before, after, request_id)
      select ${actor.id}::int, ${actor.role}::text, ${`gift_voucher.${status === 'void' ? 'voided' : 'expired'}`},
        ${GIFT_VOUCHER_ENTITY}, id::text, '{"status":"available"}'::jsonb,
        jsonb_build_object('status', ${status}::text, 'reason', ${body.reason}::text), ${actor.requestId}::text
      from changed
      returning entity_id as id`);
    const n = changed.rows.length;
    return { changed: n, skipped: Number(selected[0]?.n ?? 0) - n };
  });
}

/** Nobody signed in did it: the audit log shows "System". */
const SYSTEM: Actor = { id: null, role: null, requestId: null };

/** Marks available vouchers past their expiry day expired, each audited (the daily sweep). */
export async function expireLapsed(db: Executor): Promise<number> {
  const changed = await db.execute<{ id: string }>(sql`
    with changed as (
      update gift_vouchers set status = 'expired', status_reason = 'The expiry date has passed'
      where status = 'available' and expires_on < ${repo.TODAY_IST}
      returning id, expires_on
    )
    insert into audit_log (actor_id, actor_role, action, entity, entity_id, before, after, request_id)
    select ${SYSTEM.id}::int, null, 'gift_voucher.expired', ${GIFT_VOUCHER_ENTITY}, id::text,
      '{"status":"available"}'::jsonb, jsonb_build_object('status', 'expired', 'expiresOn', expires_on::text), null
    from changed
    returning entity_id as id`);
  return changed.rows.length;
}

export const stockSummary = (app: FastifyInstance) => repo.stockSummary(app.database.db);
export const brands = (app: FastifyInstance) => repo.brands(app.database.db);
