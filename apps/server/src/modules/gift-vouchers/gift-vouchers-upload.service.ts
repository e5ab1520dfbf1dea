import {
  VOUCHER_MESSAGES as M,
  VOUCHER_UPLOAD_COLUMNS,
  VOUCHER_UPLOAD_ENTITY,
  type VoucherUploadResult,
} from '@app/contract/gift-vouchers';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Database, Db, Executor } from '../../db/client';
import type { Actor } from '../../lib/audit';
import { audit } from '../../lib/audit';
import { conflict, isUniqueViolation } from '../../lib/errors';
import { storeErrorReport, uploadOutcome } from '../../lib/upload-reports';
import { copyVouchers, insertUpload } from './gift-vouchers.repository';
import { readVoucherSheet } from './gift-vouchers-sheet';
import { VoucherPlanner } from './gift-vouchers-upload.plan';
import { fulfilWaiting } from './voucher-fulfilment';

/** One transaction on one connection, with its raw client too, for COPY. */
async function inTransaction<T>(
  database: Database,
  work: (tx: Executor, client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await database.pool.connect();
  try {
    return await (drizzle(client) as unknown as Db).transaction((tx) => work(tx, client));
  } finally {
    client.release();
  }
}

/**
 * A sheet of voucher codes, checked row by row (duplicates in the file and against stock refused
 * with their rows). A clean file is applied; a file with errors applies nothing unless `applyValid`.
 * The applied vouchers go in one transaction with one upload record and its audit entry; a code
 * added meanwhile by someone else refuses the whole file (409), nothing half-applied.
 */
export async function uploadVouchers(
  app: FastifyInstance,
  actor: Actor,
  file: { content: Buffer; fileName: string; applyValid: boolean },
): Promise<VoucherUploadResult> {
  // Rows are checked, their PINs sealed and their codes looked up in stock while the worker reads
  // on; nothing is written until the whole file is read and checked.
  const planner = new VoucherPlanner(app.database.db);
  await readVoucherSheet(file.content, app.config.encryptionKey, (chunk) => planner.add(chunk));
  const plan = await planner.finish();
  const errorReportId = await storeErrorReport(app, actor, {
    purpose: 'voucher_upload_errors',
    name: 'gift-voucher-upload-errors.xlsx',
    columns: VOUCHER_UPLOAD_COLUMNS,
    rows: plan.badRows,
    errors: plan.errors,
  });
  const apply = plan.errors.length === 0 || file.applyValid;
  const vouchers = apply ? plan.vouchers : [];
  let uploadId: number | null = null;
  if (vouchers.length > 0) {
    try {
      uploadId = await inTransaction(app.database, async (tx, client) => {
        const id = await insertUpload(tx, {
          fileName: file.fileName,
          rowsApplied: vouchers.length,
          uploadedBy: actor.id,
        });
        const by = { uploadId: id, createdBy: actor.id };
        await copyVouchers(
          client,
          vouchers.map((v) => v.line),
          by,
        );
        await audit(tx, actor, {
          action: 'gift_voucher_upload.applied',
          entity: VOUCHER_UPLOAD_ENTITY,
          entityId: id,
          after: {
            fileName: file.fileName,
            vouchers: vouchers.length,
            rowsRejected: plan.rowsTotal - vouchers.length,
          },
        });
        // New stock goes first to redemptions already waiting for it, oldest first.
        await fulfilWaiting(tx, actor);
        return id;
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict(`${M.codeTaken}: a code of this file was added meanwhile. Upload it again.`);
      throw error;
    }
  }
  return {
    ...uploadOutcome({
      rowsTotal: plan.rowsTotal,
      rowsValid: plan.vouchers.length,
      rowsApplied: vouchers.length,
      errors: plan.errors,
      errorReportId,
    }),
    uploadId,
  };
}
