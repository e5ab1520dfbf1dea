import { POINTS_UPLOAD_COLUMNS, type PointsUploadResult } from '@app/contract/scheme-points';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../lib/audit';
import { conflict } from '../../lib/errors';
import { storeErrorReport, uploadOutcome } from '../../lib/upload-reports';
import { lockProduct } from '../products';
import { recordChange } from './scheme-points.service';
import { readPointsSheet } from './scheme-points-sheet';
import { planPointsUpload } from './scheme-points-upload.plan';

/** The name error reports are stored under. */
export const POINTS_ERRORS_FILE = 'scheme-points-upload-errors.xlsx';

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
  const errorReportId = await storeErrorReport(app, actor, {
    purpose: 'points_upload_errors',
    name: POINTS_ERRORS_FILE,
    columns: POINTS_UPLOAD_COLUMNS,
    rows,
    errors: plan.errors,
  });
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
  return uploadOutcome({
    rowsTotal: plan.rowsTotal,
    rowsValid: plan.changes.length,
    rowsApplied: changes.length,
    errors: plan.errors,
    errorReportId,
  });
}
