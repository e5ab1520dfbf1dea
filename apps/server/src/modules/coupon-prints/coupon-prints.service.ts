import {
  MAX_PRINT_LABELS,
  PRINT_ENTITY,
  PRINT_MESSAGES,
  type PrintCreateBody,
  type PrintRow,
} from '@app/contract/coupon-prints';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { type Actor, audit } from '../../lib/audit';
import { badRequest, fieldError, notFound } from '../../lib/errors';
import { findBatch, GENERATION_CHUNK } from '../coupon-batches';
import { moveCoupons } from '../coupons';
import * as repo from './coupon-prints.repository';
import { renderLabels } from './label-pdf';

export const PRINT_TASK = 'coupons.print';

export { printList } from './coupon-prints.repository';

export async function loadPrint(tx: Executor, id: number): Promise<PrintRow> {
  const row = await repo.findPrint(tx, id);
  if (!row) throw notFound('Print');
  return row;
}

/** The serial range a request names: a whole batch, a range inside one, or any range of ready coupons. */
async function resolveRange(tx: Executor, body: PrintCreateBody) {
  if (!body.batchId) return { batchId: null, from: body.fromSerial!, to: body.toSerial! };
  const batch = await findBatch(tx, body.batchId);
  if (!batch) throw fieldError('batchId', PRINT_MESSAGES.batchUnknown);
  if (batch.status !== 'ready') throw fieldError('batchId', PRINT_MESSAGES.batchNotReady);
  const from = body.fromSerial ?? batch.firstSerial;
  const to = body.toSerial ?? batch.lastSerial;
  if (from < batch.firstSerial || to > batch.lastSerial) {
    const message = `${PRINT_MESSAGES.outsideBatch} (${batch.firstSerial}–${batch.lastSerial})`;
    throw badRequest(message, { fromSerial: message });
  }
  return { batchId: batch.id, from, to };
}

export function createPrint(app: FastifyInstance, actor: Actor, body: PrintCreateBody): Promise<PrintRow> {
  return app.database.db.transaction(async (tx) => {
    const { batchId, from, to } = await resolveRange(tx, body);
    if ((to - from + 1) * body.copies > MAX_PRINT_LABELS)
      throw fieldError('toSerial', PRINT_MESSAGES.tooMany);
    const { existing, printable } = await repo.rangeCounts(tx, from, to);
    if (existing !== to - from + 1) {
      const absent = await repo.absentSerials(tx, from, to);
      const message = `These serials are not ready coupons: ${absent.join(', ')}${existing + absent.length < to - from + 1 ? '…' : ''}`;
      throw badRequest(message, { fromSerial: message });
    }
    const reprint = await repo.overlapsEarlierPrint(tx, from, to);
    const labels = printable * body.copies;
    const id = await repo.insertPrint(tx, {
      batchId,
      fromSerial: from,
      toSerial: to,
      layout: body.layout,
      copies: body.copies,
      labels,
      reprint,
      createdBy: actor.id,
    });
    const taskId = await app.jobs.enqueue(tx, PRINT_TASK, { printId: id }, actor.id);
    await repo.setPrint(tx, id, { taskId });
    await audit(tx, actor, {
      action: 'coupon_print.created',
      entity: PRINT_ENTITY,
      entityId: id,
      after: {
        batchId,
        fromSerial: from,
        toSerial: to,
        layout: body.layout,
        copies: body.copies,
        labels,
        reprint,
      },
    });
    return loadPrint(tx, id);
  });
}

/**
 * The print task: streams the label PDF into file storage, then moves the range's still-generated
 * codes to printed (a chunk per transaction) and marks the punch ready.
 */
export async function renderPrint(
  app: FastifyInstance,
  printId: number,
  progress?: (done: number, total: number) => Promise<void>,
) {
  const { db } = app.database;
  const print = await loadPrint(db, printId);
  if (print.status === 'ready') return { printId, fileId: print.fileId };
  const total = print.labels / print.copies;
  let done = 0;
  await repo.setPrint(db, printId, { status: 'rendering' });
  try {
    const doc = renderLabels(repo.labelPages(db, print.fromSerial, print.toSerial), {
      layout: print.layout,
      baseUrl: app.config.scanBaseUrl,
      copies: print.copies,
      onLabels: async (n) => {
        done += n;
        await progress?.(done, total);
      },
    });
    const name = `punch-${printId}-${print.layout}-${print.fromSerial}-${print.toSerial}.pdf`;
    const file = await app.files.save(
      { name, contentType: 'application/pdf', purpose: 'label_pdf', owner: 'system', attached: true },
      doc,
    );
    for (let from = print.fromSerial; from <= print.toSerial; from += GENERATION_CHUNK) {
      const to = Math.min(from + GENERATION_CHUNK - 1, print.toSerial);
      await db.transaction((tx) =>
        moveCoupons(tx, { where: sql`serial between ${from} and ${to}`, from: ['generated'], to: 'printed' }),
      );
    }
    await repo.setPrint(db, printId, { status: 'ready', fileId: file.id });
    return { printId, fileId: file.id };
  } catch (error) {
    await repo.setPrint(db, printId, { status: 'failed' });
    throw error;
  }
}

/** The stored print file of a ready punch. */
export async function printFile(app: FastifyInstance, id: number) {
  const print = await loadPrint(app.database.db, id);
  if (print.status !== 'ready' || !print.fileId) throw badRequest(PRINT_MESSAGES.notReady);
  const file = await app.files.stat(print.fileId);
  if (!file) throw notFound('Print file');
  return file;
}
