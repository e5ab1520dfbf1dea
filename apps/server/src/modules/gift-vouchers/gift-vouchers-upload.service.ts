import {
  VOUCHER_MESSAGES as M,
  VOUCHER_UPLOAD_COLUMNS,
  VOUCHER_UPLOAD_ENTITY,
  type VoucherUploadResult,
} from '@app/contract/gift-vouchers';
import { XLSX_CONTENT_TYPE } from '@app/contract/reports';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../lib/audit';
import { audit } from '../../lib/audit';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { badRowsReport } from '../../lib/sheets';
import { insertUpload, insertVouchers, type NewVoucher } from './gift-vouchers.repository';
import { sealPin } from './gift-vouchers.service';
import { readVoucherSheet } from './gift-vouchers-sheet';
import { type PlannedVoucher, planVoucherUpload } from './gift-vouchers-upload.plan';

export const VOUCHER_ERRORS_FILE = 'gift-voucher-upload-errors.xlsx';
/** How many errors the answer carries for display; the report has them all. */
const SHOWN_ERRORS = 50;

/** Encrypts the PINs a few thousand at a time, yielding between, so other requests keep moving. */
async function seal(key: Buffer, planned: PlannedVoucher[]): Promise<NewVoucher[]> {
  const sealed: NewVoucher[] = [];
  for (let i = 0; i < planned.length; i += 5_000) {
    for (const { row: _row, pin, ...voucher } of planned.slice(i, i + 5_000))
      sealed.push({ ...voucher, ...sealPin(key, pin) });
    await new Promise((resolve) => setImmediate(resolve));
  }
  return sealed;
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
  const rows = await readVoucherSheet(file.content);
  const { db } = app.database;
  const plan = await planVoucherUpload(db, rows);
  const errorReport =
    plan.errors.length === 0
      ? null
      : await app.files.save(
          {
            name: VOUCHER_ERRORS_FILE,
            contentType: XLSX_CONTENT_TYPE,
            purpose: 'voucher_upload_errors',
            owner: { staffId: actor.id! },
            attached: true,
          },
          await badRowsReport(VOUCHER_UPLOAD_COLUMNS, rows, plan.errors),
        );
  const apply = plan.errors.length === 0 || file.applyValid;
  const planned = apply ? plan.vouchers : [];
  let uploadId: number | null = null;
  if (planned.length > 0) {
    const vouchers = await seal(app.config.encryptionKey, planned);
    try {
      uploadId = await db.transaction(async (tx) => {
        const id = await insertUpload(tx, {
          fileName: file.fileName,
          rowsApplied: vouchers.length,
          uploadedBy: actor.id,
        });
        await insertVouchers(tx, vouchers, { uploadId: id, createdBy: actor.id });
        await audit(tx, actor, {
          action: 'gift_voucher_upload.applied',
          entity: VOUCHER_UPLOAD_ENTITY,
          entityId: id,
          after: { fileName: file.fileName, vouchers: vouchers.length, rowsRejected: plan.rowsTotal - vouchers.length },
        });
        return id;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`${M.codeTaken}: a code of this file was added meanwhile. Upload it again.`);
      throw error;
    }
  }
  return {
    status: plan.errors.length === 0 ? 'applied' : planned.length > 0 ? 'partially_applied' : 'has_errors',
    rowsTotal: plan.rowsTotal,
    rowsValid: plan.vouchers.length,
    rowsApplied: planned.length,
    rowsRejected: plan.rowsTotal - planned.length,
    errors: plan.errors.slice(0, SHOWN_ERRORS),
    errorsTotal: plan.errors.length,
    errorReportId: errorReport?.id ?? null,
    uploadId,
  };
}

/** An error report of a voucher upload, for the staff member who uploaded the file only. */
export async function voucherErrorReport(app: FastifyInstance, actor: Actor, id: number) {
  const file = await app.files.stat(id);
  if (file?.purpose !== 'voucher_upload_errors' || file.ownerStaffId !== actor.id)
    throw notFound('Error report');
  return { file, stream: app.files.open(file.id) };
}
