import { XLSX_CONTENT_TYPE } from '@app/contract/reports';
import { POINTS_UPLOAD_COLUMNS, type PointsUploadResult } from '@app/contract/scheme-points';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import { badRowsReport } from '../../lib/sheets';
import { lockProduct } from '../products/products.repository';
import { recordChange } from './scheme-points.service';
import { readPointsSheet } from './scheme-points-sheet';
import { planPointsUpload } from './scheme-points-upload.plan';

/** The name error reports are stored under. */
export const POINTS_ERRORS_FILE = 'scheme-points-upload-errors.xlsx';
/** How many errors the answer carries for display; the report has them all. */
const SHOWN_ERRORS = 50;

/**
 * A sheet of points changes, checked row by row. A clean file is applied; a file with errors applies
 * nothing unless `applyValid` is set (the caller resends the file). Applied rows go in one transaction,
 * each through recordChange, so each is audited exactly as a single change is.
 */
export async function uploadPointsChanges(
  app: FastifyInstance,
  actor: Actor,
  file: { content: Buffer; applyValid: boolean },
): Promise<PointsUploadResult> {
  const rows = await readPointsSheet(file.content);
  const { db } = app.database;
  const plan = await planPointsUpload(db, rows);
  // Stored before the transaction: file writes never sit inside one.
  const errorReport =
    plan.errors.length === 0
      ? null
      : await app.files.save(
          {
            name: POINTS_ERRORS_FILE,
            contentType: XLSX_CONTENT_TYPE,
            purpose: 'points_upload_errors',
            owner: { staffId: actor.id! },
            attached: true,
          },
          await badRowsReport(POINTS_UPLOAD_COLUMNS, rows, plan.errors),
        );
  const apply = plan.errors.length === 0 || file.applyValid;
  const changes = apply ? plan.changes : [];
  if (changes.length > 0)
    await db.transaction(async (tx) => {
      // Locked in id order, as single changes lock them, so concurrent uploads cannot deadlock.
      for (const productId of [...new Set(changes.map((c) => c.productId))].sort((a, b) => a - b))
        if (!(await lockProduct(tx, productId)))
          throw conflict('A product of this file was removed meanwhile');
      for (const { row: _row, ...change } of changes) await recordChange(tx, actor, change);
    });
  return {
    status: plan.errors.length === 0 ? 'applied' : changes.length > 0 ? 'partially_applied' : 'has_errors',
    rowsTotal: plan.rowsTotal,
    rowsValid: plan.changes.length,
    rowsApplied: changes.length,
    rowsRejected: plan.rowsTotal - changes.length,
    errors: plan.errors.slice(0, SHOWN_ERRORS),
    errorsTotal: plan.errors.length,
    errorReportId: errorReport?.id ?? null,
  };
}

/** An error report of a points upload, for the staff member who uploaded the file only. */
export async function pointsErrorReport(app: FastifyInstance, actor: Actor, id: number) {
  const file = await app.files.stat(id);
  if (file?.purpose !== 'points_upload_errors' || file.ownerStaffId !== actor.id)
    throw notFound('Error report');
  return { file, stream: app.files.open(file.id) };
}
