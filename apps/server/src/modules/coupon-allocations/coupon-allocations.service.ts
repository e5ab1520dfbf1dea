import {
  ALLOCATION_ENTITY,
  type AllocationCreateBody,
  type AllocationRow,
  ALLOCATION_MESSAGES as M,
  overQuantityMessage,
} from '@app/contract/coupon-allocations';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { type Actor, audit } from '../../lib/audit';
import { badRequest, conflict, fieldError, notFound } from '../../lib/errors';
import { moveCoupons, unexpiredBatch } from '../coupons';
import { recordWebhookEvent } from '../webhooks';
import * as repo from './coupon-allocations.repository';

export { allocatableLineList, allocationList } from './coupon-allocations.repository';

export async function loadAllocation(tx: Executor, id: number): Promise<AllocationRow> {
  const row = await repo.findAllocation(tx, id);
  if (!row) throw notFound('Allocation');
  return row;
}

class Shortfall extends Error {
  constructor(readonly moved: number) {
    super('shortfall');
  }
}

/** Coupons of the product that may be allocated: printed, in a ready batch that has not expired. */
const allocatable = (productId: number) =>
  sql`${unexpiredBatch()} and batch_id in (select id from coupon_batches where product_id = ${productId} and status = 'ready')`;

/** Why each serial of a range could not be allocated, for a message that names them. */
async function offendingSerials(tx: Executor, from: number, to: number, productId: number): Promise<string> {
  const result = await tx.execute(sql`
    select g::float8 as serial, c.status, b.product_id, b.expires_on < (now() at time zone 'Asia/Kolkata')::date as expired
    from generate_series(${from}::bigint, ${to}::bigint) g
    left join coupons c on c.serial = g left join coupon_batches b on b.id = c.batch_id
    where c.serial is null or c.status <> 'printed' or b.product_id <> ${productId} or b.status <> 'ready'
      or b.expires_on < (now() at time zone 'Asia/Kolkata')::date
    order by g limit 11`);
  const why = (r: Record<string, unknown>) =>
    r.status == null
      ? 'does not exist'
      : Number(r.product_id) !== productId
        ? 'another SKU'
        : r.expired
          ? 'expired'
          : String(r.status);
  const parts = result.rows.slice(0, 10).map((r) => `${Number(r.serial)} (${why(r)})`);
  return `Not printed coupons of this SKU: ${parts.join(', ')}${result.rows.length > 10 ? ', …' : ''}`;
}

/**
 * Allocates printed coupons to an invoice line and activates them, in one transaction: the line is
 * locked, the coupons move by a guarded UPDATE whose row count must equal the request, and the
 * line's count may never pass its quantity. Any shortfall rolls everything back.
 */
export function allocate(
  app: FastifyInstance,
  actor: Actor,
  body: AllocationCreateBody,
): Promise<AllocationRow> {
  return app.database.db.transaction(async (tx) => {
    const line = await repo.lockLine(tx, body.invoiceLineId);
    if (!line) throw fieldError('invoiceLineId', M.lineUnknown);
    const n = body.mode === 'range' ? body.toSerial! - body.fromSerial! + 1 : body.quantity!;
    const remaining = line.quantity - line.allocated;
    if (n > remaining)
      throw fieldError(body.mode === 'range' ? 'toSerial' : 'quantity', overQuantityMessage(remaining));
    const id = await repo.insertAllocation(tx, {
      invoiceLineId: line.id,
      mode: body.mode,
      fromSerial: body.fromSerial ?? null,
      toSerial: body.toSerial ?? null,
      quantity: n,
      createdBy: actor.id,
    });
    const where =
      body.mode === 'range'
        ? sql`serial between ${body.fromSerial} and ${body.toSerial} and ${allocatable(line.productId)}`
        : allocatable(line.productId);
    // A savepoint: on a shortfall the partial move is undone before the offending serials are read.
    const moved = await tx
      .transaction(async (sp) => {
        const count = await moveCoupons(sp, {
          where,
          from: ['printed'],
          to: 'active',
          set: sql`allocation_id = ${id}`,
          take: body.mode === 'next' ? n : undefined,
        });
        if (count !== n) throw new Shortfall(count);
        return count;
      })
      .catch((error) => (error instanceof Shortfall ? error.moved : Promise.reject(error)));
    if (moved !== n) {
      if (body.mode === 'next') {
        const message = `Only ${moved} printed coupon${moved === 1 ? ' is' : 's are'} of this SKU in stock`;
        throw fieldError('quantity', message);
      }
      const message = await offendingSerials(tx, body.fromSerial!, body.toSerial!, line.productId);
      throw badRequest(message, { fromSerial: message });
    }
    if (!(await repo.addToLine(tx, line.id, n))) throw conflict(overQuantityMessage(remaining));
    if (body.mode === 'next') {
      const span = await tx.execute(
        sql`select min(serial)::float8 as lo, max(serial)::float8 as hi from coupons where allocation_id = ${id}`,
      );
      const { lo, hi } = span.rows[0] as { lo: number; hi: number };
      await repo.setAllocation(tx, id, { fromSerial: lo, toSerial: hi });
    }
    const row = await loadAllocation(tx, id);
    await recordWebhookEvent(tx, 'invoice.allocated', null, {
      allocationId: id,
      invoiceId: row.invoiceId,
      invoiceNumber: row.invoiceNumber,
      coupons: n,
    });
    await audit(tx, actor, {
      action: 'coupon_allocation.created',
      entity: ALLOCATION_ENTITY,
      entityId: id,
      after: {
        invoiceLineId: line.id,
        mode: body.mode,
        fromSerial: row.fromSerial,
        toSerial: row.toSerial,
        quantity: n,
      },
    });
    return row;
  });
}

/** Undoes an allocation: its still-active coupons go back to printed stock, with the reason recorded. */
export function undoAllocation(
  app: FastifyInstance,
  actor: Actor,
  id: number,
  reason: string,
): Promise<AllocationRow> {
  return app.database.db.transaction(async (tx) => {
    const before = await loadAllocation(tx, id);
    if (!(await repo.claimUndo(tx, id, { undoReason: reason, undoneBy: actor.id, undoneAt: sql`now()` })))
      throw conflict(M.alreadyUndone);
    // The line before its coupons and counters: the lock order of every coupon transaction.
    await repo.lockLine(tx, before.invoiceLineId);
    const returned = await moveCoupons(tx, {
      where: sql`allocation_id = ${id}`,
      from: ['active'],
      to: 'printed',
      set: sql`allocation_id = null`,
    });
    if (!(await repo.addToLine(tx, before.invoiceLineId, -returned)))
      throw conflict('The invoice line changed meanwhile');
    await repo.setAllocation(tx, id, { returned });
    const after = await loadAllocation(tx, id);
    await audit(tx, actor, {
      action: 'coupon_allocation.undone',
      entity: ALLOCATION_ENTITY,
      entityId: id,
      before: { status: before.status },
      after: { status: 'undone', reason, returned },
    });
    return after;
  });
}
